import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatUploadResponse } from '@agency/contracts';
import { Composer, isBusy, type Upload } from './Composer';

jest.mock('@agency/api-client', () => ({
  chatApi: { gifsConfig: jest.fn(async () => false), gifs: jest.fn(), upload: jest.fn() },
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));

const ROOM = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const ME = '00000000-0000-4000-9000-000000000003';

beforeEach(() => localStorage.clear());

describe('Composer', () => {
  it('sends on Enter and starts a new line on Shift+Enter', async () => {
    const onSend = jest.fn();
    render(<Composer roomId={ROOM} userId={ME} onSend={onSend} />);
    const box = screen.getByLabelText('Message');
    await userEvent.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('Line one\nLine two', []);
    expect(box).toHaveValue('');
  });

  it('is disabled without a room', () => {
    render(<Composer roomId={null} userId={ME} onSend={jest.fn()} />);
    expect(screen.getByLabelText('Message')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Attach file' })).toBeDisabled();
  });

  it('takes the focus when a room opens, and again when another does', () => {
    const { rerender } = render(
      <>
        <button type="button">Open room</button>
        <Composer roomId={null} userId={ME} onSend={jest.fn()} />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Open room' });
    opener.focus();
    rerender(
      <>
        <button type="button">Open room</button>
        <Composer roomId={ROOM} userId={ME} onSend={jest.fn()} />
      </>,
    );
    expect(screen.getByLabelText('Message')).toHaveFocus();
    opener.focus();
    rerender(
      <>
        <button type="button">Open room</button>
        <Composer roomId={OTHER} userId={ME} onSend={jest.fn()} />
      </>,
    );
    expect(screen.getByLabelText('Message')).toHaveFocus();
  });

  it('keeps a draft per room', async () => {
    const { rerender } = render(<Composer roomId={ROOM} userId={ME} onSend={jest.fn()} />);
    await userEvent.type(screen.getByLabelText('Message'), 'half a thought');
    rerender(<Composer roomId={OTHER} userId={ME} onSend={jest.fn()} />);
    expect(screen.getByLabelText('Message')).toHaveValue('');
    rerender(<Composer roomId={ROOM} userId={ME} onSend={jest.fn()} />);
    expect(screen.getByLabelText('Message')).toHaveValue('half a thought');
  });

  it('shows upload progress and blocks sending until the file is stored (101)', async () => {
    let progress: (p: number) => void = () => undefined;
    let finish: (f: ChatUploadResponse) => void = () => undefined;
    const upload: Upload = jest.fn((_room, _file, onProgress) => {
      progress = onProgress;
      return new Promise<ChatUploadResponse>((r) => (finish = r));
    });
    const onSend = jest.fn();
    render(<Composer roomId={ROOM} userId={ME} onSend={onSend} upload={upload} />);
    const file = new File(['%PDF-1.4'], 'quote.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Choose files to attach'), { target: { files: [file] } });
    act(() => progress(40));
    expect(screen.getByLabelText('Uploading quote.pdf: 40%')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Message'), 'see attached{Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
    const id = '33333333-3333-4333-8333-333333333333';
    await act(async () => finish({ id, name: 'quote.pdf', type: 'application/pdf', size: 8, url: '/x', imageUrl: '/x' }));
    expect(screen.getByText('ready')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('see attached', [id]);
  });

  it('reports a failed upload with the catalogue prefix', async () => {
    const { bus } = await import('@agency/bus');
    const toasts: string[] = [];
    const sub = bus.toast$.subscribe((t) => toasts.push(t.message));
    const upload: Upload = jest.fn(async () => {
      throw new Error('This file type is not allowed');
    });
    render(<Composer roomId={ROOM} userId={ME} onSend={jest.fn()} upload={upload} />);
    fireEvent.change(screen.getByLabelText('Choose files to attach'), { target: { files: [new File(['x'], 'a.exe')] } });
    await waitFor(() => expect(toasts).toEqual(['Error uploading file. This file type is not allowed']));
    sub.unsubscribe();
  });

  it('says GIFs are not configured when there is no GIF provider', async () => {
    render(<Composer roomId={ROOM} userId={ME} onSend={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send a GIF' }));
    expect(await screen.findByText('GIFs are not configured')).toBeInTheDocument();
  });

  it('counts pending and uploading files as busy, stored or failed ones not', () => {
    expect(isBusy([{ key: 'a', name: 'a', progress: 'pending' }])).toBe(true);
    expect(isBusy([{ key: 'a', name: 'a', progress: 100 }])).toBe(true);
    expect(isBusy([{ key: 'a', name: 'a', progress: 101 }])).toBe(false);
    expect(isBusy([{ key: 'a', name: 'a', progress: 30, error: 'x' }])).toBe(false);
  });
});
