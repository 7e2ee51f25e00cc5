import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ClientFull, ClientTaskBoard } from '@agency/contracts';
import { ContactProvider } from '../detail/ContactContext';
import { LaneProgress } from './LaneProgress';
import { TasksTab } from './TasksTab';

jest.setTimeout(60_000);
const forClient = jest.fn<Promise<ClientTaskBoard[]>, [string]>();
jest.mock('@agency/api-client', () => ({ errorMessage: (e: Error) => e.message, taskBoardsApi: { forClient: (id: string) => forClient(id) } }));

const lanes = [
  { id: 'l1', label: 'To Do' },
  { id: 'l2', label: 'Quoting' },
  { id: 'l3', label: 'Done' },
];
const entry = {
  card: { id: 'c1', title: 'Auto renewal', dueOn: '2020-01-02T12:00:00.000Z', assignedTo: { id: 'u1', firstName: 'Emma', lastName: 'Ellis', avatar: null } },
  taskBoard: { id: 'b1', boardname: 'Renewals' },
  taskBoardLane: lanes[1],
  lanes,
} as ClientTaskBoard;

const renderIn = (ui: React.ReactNode) =>
  render(
    <MemoryRouter>
      <ContactProvider value={{ id: 'k1', full: { tags: [] } as unknown as ClientFull, reload: async () => undefined }}>{ui}</ContactProvider>
    </MemoryRouter>,
  );

test("the Tasks tab lists the contact's cards with board, lane, due date and assignee", async () => {
  forClient.mockResolvedValue([entry]);
  renderIn(<TasksTab />);
  expect(await screen.findByRole('link', { name: 'Auto renewal' })).toHaveAttribute('href', '/tasks/b1?card=c1');
  expect(screen.getByText('Renewals')).toBeInTheDocument();
  expect(screen.getByText('Quoting')).toBeInTheDocument();
  expect(screen.getByText('Due 01/02/2020')).toBeInTheDocument();
  expect(screen.getByText('Emma Ellis')).toBeInTheDocument();
  expect(forClient).toHaveBeenCalledWith('k1');
});

test('the Tags tab shows where the contact stands on each board', async () => {
  forClient.mockResolvedValue([entry]);
  renderIn(<LaneProgress />);
  expect(await screen.findByRole('link', { name: 'Renewals' })).toBeInTheDocument();
  expect(screen.getByText('Quoting').closest('.ant-steps-item')).toHaveClass('ant-steps-item-process');
});

test('says when the contact is on no board', async () => {
  forClient.mockResolvedValue([]);
  renderIn(<TasksTab />);
  expect(await screen.findByText('No tasks for this contact')).toBeInTheDocument();
});
