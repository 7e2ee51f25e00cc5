import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

jest.setTimeout(30_000);
const user = userEvent.setup({ delay: null });
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { TaskBoard } from '@agency/contracts';
import { BoardsPage } from './BoardsPage';
import { activeBoard } from './summary';

const list = jest.fn<Promise<TaskBoard[]>, [boolean?]>();
jest.mock('@agency/api-client', () => ({
  errorMessage: (err: Error) => err.message,
  taskBoardsApi: { list: (refresh?: boolean) => list(refresh), active: () => Promise.resolve(null) },
}));

const board = (id: string, boardname: string, extra: Partial<TaskBoard> = {}): TaskBoard => ({
  id,
  boardname,
  description: `${boardname} description`,
  total: 4,
  assigned: 0,
  progress: 2,
  completed: 1,
  pastDue: 0,
  monitor: false,
  monitorAlert: false,
  assignedTag: [],
  allowedUsers: [],
  lanes: [],
  users: [],
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...extra,
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/tasks" element={<BoardsPage />} />
        <Route path="/tasks/:id" element={<p>board page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  list.mockReset();
  activeBoard.set(null);
});

test('shows alerts first then by name, hides completed boards until asked, and refreshes past caches', async () => {
  list.mockResolvedValue([
    board('1', 'Renewals'),
    board('2', 'claims', { monitor: true, monitorAlert: true, pastDue: 2 }),
    board('3', 'Archive', { total: 3, completed: 3, progress: 3 }),
    board('4', 'Empty', { total: 0, completed: 0, progress: 0 }),
  ]);
  renderAt('/tasks');
  await waitFor(() => expect(screen.getAllByTestId('board-summary')).toHaveLength(3));
  expect(screen.getAllByRole('link').map((el) => el.getAttribute('aria-label'))).toEqual(['Open claims', 'Open Empty', 'Open Renewals']);
  expect(screen.getByText('Alert')).toBeInTheDocument();
  // an empty board counts as 100 percent
  expect(screen.getByLabelText('100% in progress, 100% completed')).toBeInTheDocument();
  expect(screen.getAllByLabelText('50% in progress, 25% completed')).toHaveLength(2);

  await user.click(screen.getByRole('button', { name: 'Show Completed' }));
  expect(screen.getAllByTestId('board-summary')).toHaveLength(4);
  expect(screen.getByText('Completed')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Hide Completed' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Refresh task boards' }));
  expect(list).toHaveBeenLastCalledWith(true);
});

test('goes to the board the user has open', async () => {
  activeBoard.set('abc');
  renderAt('/tasks');
  expect(await screen.findByText('board page')).toBeInTheDocument();
  expect(list).not.toHaveBeenCalled();
});

test('says what failed to load', async () => {
  list.mockRejectedValue(new Error('Network Connection Issue'));
  renderAt('/tasks');
  expect(await screen.findByText('Unable to load taskboards: Network Connection Issue')).toBeInTheDocument();
});
