import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { hostControls } from '@agency/bus';
import type { TaskCard } from '@agency/contracts';
import { ActiveTaskFollow } from './ActiveTaskFollow';

const setAside = jest.fn(() => Promise.resolve());
const active = jest.fn<Promise<TaskCard | null>, []>();
jest.mock('@agency/api-client', () => ({
  errorMessage: (err: Error) => err.message,
  taskBoardsApi: { active: () => active(), setAside: () => setAside(), lanes: jest.fn() },
}));

const card = { id: 'c1', title: 'Call Jones', taskBoardId: 'b1', taskBoardName: 'Renewals', laneId: 'l1', client: { id: 'k1', name: 'Jan Jones' } } as TaskCard;

function Where() {
  return <output data-testid="where">{useLocation().pathname + useLocation().search}</output>;
}
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ActiveTaskFollow />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => active.mockResolvedValue(card));

test('follows the person on pages outside Tasks, with Open, Done and Set Aside', async () => {
  renderAt('/contacts');
  const bar = await screen.findByRole('region', { name: 'Active task' });
  expect(bar).toHaveTextContent('Active task: Call Jones');
  expect(bar).toHaveTextContent('Renewals · Jan Jones');
  expect(within(bar).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  await userEvent.click(within(bar).getByRole('button', { name: 'Set Aside' }));
  expect(setAside).toHaveBeenCalled();
  await userEvent.click(within(bar).getByRole('button', { name: 'Open' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/tasks/b1?card=c1');
  // on the Tasks pages the page shows it instead
  expect(screen.queryByRole('region', { name: 'Active task' })).toBeNull();
});

test('goes when the task is done or set aside, wherever that happened', async () => {
  renderAt('/');
  await screen.findByRole('region', { name: 'Active task' });
  act(() => hostControls().receive({ event: 'taskBoard_activeTask', payload: { card: null } }));
  expect(screen.queryByRole('region', { name: 'Active task' })).toBeNull();
});

test('shows nothing without an active task', async () => {
  active.mockResolvedValue(null);
  renderAt('/contacts');
  await act(async () => undefined);
  expect(active).toHaveBeenCalled();
  expect(screen.queryByRole('region', { name: 'Active task' })).toBeNull();
});
