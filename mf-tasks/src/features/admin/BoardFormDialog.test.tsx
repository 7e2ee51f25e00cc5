import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

jest.setTimeout(120_000);
const user = userEvent.setup({ delay: null });
import type { TaskBoard } from '@agency/contracts';
import { BoardFormDialog } from './BoardFormDialog';

const users = [
  { id: 'u1', firstName: 'Emma', lastName: 'Ellis', avatar: null },
  { id: 'u2', firstName: 'Ethan', lastName: 'Evans', avatar: null },
];
const tags = [{ id: 't1', name: 'Renewal due' }];

test('creates a board with lanes added, renamed, reordered and deleted', async () => {
  const onSubmit = jest.fn().mockResolvedValue(true);
  render(<BoardFormDialog open board={null} users={users} tags={tags} tagsError={null} onClose={jest.fn()} onSubmit={onSubmit} />);
  const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  change('Board name', 'Renewals');
  change('Description', 'Policies up for renewal');
  fireEvent.click(screen.getByRole('button', { name: /Add Lane/ }));
  change('Lane 4', 'Waiting on client');
  fireEvent.click(screen.getByRole('button', { name: 'Move lane 4 up' }));
  fireEvent.click(screen.getByRole('button', { name: 'Delete lane 1' }));
  change('Lane 1', 'Working');
  fireEvent.click(screen.getByRole('switch'));
  fireEvent.click(screen.getByRole('button', { name: 'Create' }));
  await waitFor(() =>
    expect(onSubmit).toHaveBeenCalledWith({
      boardname: 'Renewals',
      description: 'Policies up for renewal',
      monitor: true,
      lanes: [{ label: 'Working' }, { label: 'Waiting on client' }, { label: 'Done' }],
      allowedUsers: [],
      assignedTag: [],
    }),
  );
});

test('refuses a board without a name, and keeps lane ids when editing', async () => {
  const onSubmit = jest.fn().mockResolvedValue(true);
  const board = {
    id: 'b1',
    boardname: 'Claims',
    description: '',
    monitor: false,
    lanes: [
      { id: 'l1', label: 'New' },
      { id: 'l2', label: 'Closed' },
    ],
    allowedUsers: ['u2'],
    assignedTag: [{ id: 't1', name: 'Renewal due' }],
  } as TaskBoard;
  render(<BoardFormDialog open board={board} users={users} tags={tags} tagsError={null} onClose={jest.fn()} onSubmit={onSubmit} />);
  fireEvent.change(screen.getByLabelText('Board name'), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update' }));
  expect(await screen.findByText('Board name is required')).toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();
  fireEvent.change(screen.getByLabelText('Board name'), { target: { value: 'Claims 2' } });
  await user.type(screen.getByLabelText('Board name'), '{Enter}');
  await waitFor(() =>
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        boardname: 'Claims 2',
        lanes: [
          { id: 'l1', label: 'New' },
          { id: 'l2', label: 'Closed' },
        ],
        allowedUsers: ['u2'],
        assignedTag: ['t1'],
      }),
    ),
  );
});
