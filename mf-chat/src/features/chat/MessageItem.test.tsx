import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '@agency/contracts';
import { MessageItem, type MessageActions } from './MessageItem';
import type { LocalMessage } from './store';

jest.mock('@agency/api-client', () => {
  class ApiRequestError extends Error {
    constructor(
      message: string,
      readonly status: number,
    ) {
      super(message);
    }
  }
  return {
    ApiRequestError,
    chatApi: {
      gif: jest.fn(async (id: string) => {
        if (id === 'gone42') throw new ApiRequestError('gif was removed', 404);
        return { id, title: 'Happy cat', url: `https://media.example/${id}.gif`, previewUrl: '', width: 200, height: 200 };
      }),
      file: jest.fn(),
    },
    errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
  };
});

const ME = '00000000-0000-4000-9000-000000000003';
const OLIVIA = '00000000-0000-4000-9000-000000000001';
const users = [
  { id: ME, firstName: 'Emma', lastName: 'Ellis' },
  { id: OLIVIA, firstName: 'Olivia', lastName: 'Owens' },
];

const message = (patch: Partial<LocalMessage> = {}): LocalMessage => ({
  id: '44444444-4444-4444-8444-444444444444',
  roomId: '11111111-1111-4111-8111-111111111111',
  seq: 3,
  rev: 3,
  type: 'message',
  user: users[0],
  message: 'Quote is ready',
  edited: false,
  deleted: false,
  reactions: [],
  media: [],
  files: [],
  createdAt: new Date().toISOString(),
  ...patch,
});

const actions = (): jest.Mocked<MessageActions> => ({
  react: jest.fn(),
  edit: jest.fn(async (_id: string, _text: string) => undefined),
  remove: jest.fn(async (_id: string) => undefined),
  retry: jest.fn(),
  discard: jest.fn(),
});

const show = (m: LocalMessage, a = actions()) => {
  render(<MessageItem m={m} me={ME} users={users} highlighted={false} actions={a} />);
  return a;
};

describe('MessageItem', () => {
  it("shows 'sending...' while pending, and offers nothing to change yet", () => {
    show(message({ status: 'pending' }));
    expect(screen.getByText('sending...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit message' })).not.toBeInTheDocument();
  });

  it('shows a failed send in red with Retry', async () => {
    const a = show(message({ status: 'error', error: 'No answer from the server' }));
    expect(screen.getByText('No answer from the server')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(a.retry).toHaveBeenCalledWith('44444444-4444-4444-8444-444444444444');
  });

  it("lets the author edit within a day (Enter saves) and marks it 'edited'", async () => {
    const a = show(message({ edited: true }));
    expect(screen.getByText('edited')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit message' }));
    const field = screen.getByLabelText('Edit message');
    await userEvent.clear(field);
    await userEvent.type(field, 'Quote is ready at $1,250{Enter}');
    expect(a.edit).toHaveBeenCalledWith('44444444-4444-4444-8444-444444444444', 'Quote is ready at $1,250');
  });

  it('offers no edit on someone else’s message', () => {
    show(message({ user: users[1] }));
    expect(screen.queryByRole('button', { name: 'Edit message' })).not.toBeInTheDocument();
  });

  it('offers no edit on a message older than a day', () => {
    show(message({ createdAt: new Date(Date.now() - 24 * 3600_000 - 1000).toISOString() }));
    expect(screen.queryByRole('button', { name: 'Edit message' })).not.toBeInTheDocument();
  });

  it('offers only Delete and Cancel for a GIF message', async () => {
    const a = show(message({ message: 'giphy:abc123' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit message' }));
    expect(screen.queryByLabelText('Edit message', { selector: 'textarea' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(a.remove).toHaveBeenCalled();
  });

  it("shows a GIF message's GIF", async () => {
    show(message({ message: 'giphy:abc123' }));
    expect(await screen.findByRole('img', { name: 'Happy cat' })).toHaveAttribute('src', 'https://media.example/abc123.gif');
  });

  it("says 'gif was removed' when the GIF is gone", async () => {
    show(message({ message: 'giphy:gone42' }));
    expect(await screen.findByText('gif was removed')).toBeInTheDocument();
  });

  it("shows a deleted message as 'deleted' with '...'", () => {
    show(message({ deleted: true, message: '' }));
    expect(screen.getByText('deleted')).toBeInTheDocument();
    expect(screen.getByText('...')).toBeInTheDocument();
  });

  it('toggles a reaction and says who reacted', async () => {
    const a = show(message({ reactions: [{ emoji: '👍', by: [OLIVIA, ME] }] }));
    const chip = screen.getByRole('button', { name: 'thumbs up 2, by Olivia Owens, Emma Ellis' });
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(chip);
    expect(a.react).toHaveBeenCalledWith('44444444-4444-4444-8444-444444444444', '👍');
  });

  it('renders what people type as text, with only web links made clickable', () => {
    show(message({ message: '<img src=x onerror=alert(1)> see https://example.com/a?b=1. and javascript:alert(1)' }));
    const article = screen.getByRole('article');
    expect(article.querySelector('img[src="x"]')).toBeNull();
    expect(within(article).getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    const links = within(article).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['https://example.com/a?b=1']);
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('shows a status line for joins and leaves', () => {
    show(message({ type: 'status', message: 'Olivia Owens added Adam Atkins' } as Partial<ChatMessage>));
    expect(screen.getByRole('note')).toHaveTextContent('Olivia Owens added Adam Atkins');
  });
});
