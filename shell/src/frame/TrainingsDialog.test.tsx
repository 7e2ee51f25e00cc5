import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { trainingsApi } from '@agency/api-client';
import { bus, type ToastRequest } from '@agency/bus';
import type { Training } from '@agency/contracts';
import { saveSession, TRAINING_TOKEN_KEY } from '../session/session';
import { demoSession } from '@agency/testing';
import { parseTags } from './AddTrainingForm';
import { canAddTrainings, filterByTags, TrainingsDialog } from './TrainingsDialog';

jest.mock('@agency/api-client', () =>
  jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock({ authApi: { signOut: () => Promise.resolve() } }),
);

const ME = demoSession().user.id;
const item = (over: Partial<Training>): Training => ({
  id: '10000000-0000-4000-8000-000000000001',
  title: 'Getting started',
  description: 'A tour',
  thumbnail: null,
  viewedBy: [],
  createdAt: '2026-01-05T10:00:00.000Z',
  tags: ['setup'],
  notify: false,
  arcadeId: null,
  details: '',
  ...over,
});
const ITEMS = [item({}), item({ id: '10000000-0000-4000-8000-000000000002', title: 'Transferring calls', tags: ['phone'], viewedBy: [ME] })];

const list = trainingsApi.list as jest.Mock;
const create = trainingsApi.create as jest.Mock;
let toasts: ToastRequest[];
let sub: { unsubscribe(): void };
beforeEach(() => {
  localStorage.clear();
  jest.clearAllMocks();
  list.mockResolvedValue({ trainings: ITEMS, total: 2 });
  toasts = [];
  sub = bus.toast$.subscribe((t) => toasts.push(t));
});
afterEach(() => sub.unsubscribe());

describe('TrainingsDialog', () => {
  it('lists the trainings with a count chip and the tag chips', async () => {
    saveSession(demoSession({ role: 'owner' }));
    render(<TrainingsDialog open onClose={jest.fn()} />);
    expect(await screen.findByText('Getting started')).toBeInTheDocument();
    expect(screen.getByTestId('training-count')).toHaveTextContent('2');
    const chips = within(screen.getByRole('group', { name: 'Filter by tag' }));
    for (const tag of ['new', 'setup', 'dashboard', 'tasks', 'team', 'contacts', 'messages', 'phone']) expect(chips.getByText(tag)).toBeInTheDocument();
    expect(screen.getByLabelText('Search trainings')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add Training Item/ })).not.toBeInTheDocument();
  });

  it('filters by tag and says when nothing is found', async () => {
    saveSession(demoSession());
    render(<TrainingsDialog open onClose={jest.fn()} />);
    await screen.findByText('Getting started');
    const chips = within(screen.getByRole('group', { name: 'Filter by tag' }));
    fireEvent.click(chips.getByText('phone'));
    expect(screen.queryByText('Getting started')).not.toBeInTheDocument();
    expect(screen.getByText('Transferring calls')).toBeInTheDocument();
    fireEvent.click(chips.getByText('phone'));
    fireEvent.click(chips.getByText('team'));
    expect(screen.getByText('No Trainings Found')).toBeInTheDocument();
  });

  it('searches after a pause in typing', async () => {
    jest.useFakeTimers();
    try {
      saveSession(demoSession());
      render(<TrainingsDialog open onClose={jest.fn()} />);
      await act(async () => undefined);
      fireEvent.change(screen.getByLabelText('Search trainings'), { target: { value: 'calls' } });
      await act(async () => jest.advanceTimersByTime(500));
      expect(list).not.toHaveBeenCalledWith('calls');
      await act(async () => jest.advanceTimersByTime(600));
      expect(list).toHaveBeenLastCalledWith('calls');
    } finally {
      jest.useRealTimers();
    }
  });

  it('opens a training in a new window and hands the token over', async () => {
    saveSession(demoSession());
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    render(<TrainingsDialog open onClose={jest.fn()} />);
    fireEvent.click(await screen.findByRole('link', { name: /Getting started/ }));
    expect(open).toHaveBeenCalledWith(`/trainings/${ITEMS[0].id}`, `training-${ITEMS[0].id}`, expect.stringContaining('popup'));
    expect(localStorage.getItem(TRAINING_TOKEN_KEY)).toBe(demoSession().token);
    open.mockRestore();
  });

  it('lets the super role add an item', async () => {
    saveSession(demoSession({ role: 'super' }));
    create.mockResolvedValue(ITEMS[0]);
    render(<TrainingsDialog open onClose={jest.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: /Add Training Item/ }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Queues' } });
    fireEvent.change(screen.getByLabelText(/^Tags/), { target: { value: 'Phone, new,' } });
    fireEvent.click(screen.getByLabelText('Notify users'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', message: 'training item added to library' }]));
    expect(create).toHaveBeenCalledWith({
      title: 'Queues',
      description: '',
      tags: ['phone', 'new'],
      notify: true,
      thumbnail: null,
      arcadeId: null,
      details: '',
    });
  });

  it('reports a failed save', async () => {
    saveSession(demoSession({ role: 'SUPER' as never }));
    create.mockRejectedValue(new Error('Title is required'));
    render(<TrainingsDialog open onClose={jest.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: /Add Training Item/ }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: 'Unable to save training item: Title is required' }]));
  });
});

describe('training helpers', () => {
  it('allows adding for super only, in any case', () => {
    expect(canAddTrainings('super')).toBe(true);
    expect(canAddTrainings('Super')).toBe(true);
    expect(canAddTrainings('owner')).toBe(false);
  });
  it('treats unopened items as new', () => {
    expect(filterByTags(ITEMS, ['new'], ME).map((t) => t.title)).toEqual(['Getting started']);
  });
  it('reads a comma list of tags', () => {
    expect(parseTags(' New, phone,,phone ')).toEqual(['new', 'phone']);
  });
});
