import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatRoom } from '@agency/contracts';
import { directRoomId } from '@agency/contracts';
import { RoomList } from './RoomList';
import { ChangeTitleDialog, CreateRoomDialog } from './dialogs';

// Dragging itself is exercised in the browser journeys (e2e/tests/chat.spec.ts); here the list and its menu.
jest.mock('react-dnd', () => ({
  DndProvider: ({ children }: { children: React.ReactNode }) => children,
  useDrag: () => [{ dragging: false }, () => undefined],
  useDrop: () => [{}, () => undefined],
}));
jest.mock('react-dnd-html5-backend', () => ({ HTML5Backend: {} }));
jest.mock('@agency/api-client', () => ({ errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)) }));

const ME = '00000000-0000-4000-9000-000000000003';
const OLIVIA = '00000000-0000-4000-9000-000000000001';
const users = [
  { id: ME, firstName: 'Emma', lastName: 'Ellis' },
  { id: OLIVIA, firstName: 'Olivia', lastName: 'Owens' },
];
const room = (patch: Partial<ChatRoom>): ChatRoom => ({
  id: '11111111-1111-4111-8111-111111111111',
  format: 'group',
  title: 'Sales',
  createdBy: OLIVIA,
  users,
  unread: 0,
  viewedBy: [],
  hidden: [],
  order: 0,
  muted: false,
  lastSeq: 0,
  lastRev: 0,
  lastMessageAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...patch,
});

const group = room({ unread: 3 });
const direct = room({ id: directRoomId(ME, OLIVIA), format: 'direct', title: '', order: 1 });

function list(onAction = jest.fn(), onReorder = jest.fn()) {
  render(
    <div style={{ height: 400 }}>
      <RoomList rooms={[group, direct]} me={ME} activeId={null} canRemove={() => false} onOpen={jest.fn()} onAction={onAction} onReorder={onReorder} />
    </div>,
  );
  return { onAction, onReorder };
}

describe('RoomList', () => {
  it('shows each room with its unread count; a direct room is named after the other person', () => {
    list();
    expect(screen.getByRole('button', { name: 'Open Sales, 3 unread' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Olivia Owens' })).toBeInTheDocument();
  });

  it('offers Change Title only for group rooms, and leaving only for them', async () => {
    const { onAction } = list();
    await userEvent.click(screen.getByRole('button', { name: 'Room menu for Sales' }));
    expect(await screen.findByText('Change Title')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Change Title'));
    expect(onAction).toHaveBeenCalledWith(group, 'rename');
    await userEvent.click(screen.getByRole('button', { name: 'Room menu for Olivia Owens' }));
    await waitFor(() => expect(screen.getAllByText('Hide')).toHaveLength(2));
    expect(screen.getAllByText('Change Title')).toHaveLength(1);
    expect(screen.getAllByText('Leave')).toHaveLength(1);
  });

  it('moves a room down from its menu and saves the new order', async () => {
    const { onReorder } = list();
    await userEvent.click(screen.getByRole('button', { name: 'Room menu for Sales' }));
    await userEvent.click(await screen.findByText('Move Down'));
    expect(onReorder).toHaveBeenCalledWith([direct.id, group.id]);
  });
});

describe('room dialogs', () => {
  it('creates a room only once a user is picked', async () => {
    const onCreate = jest.fn(async () => undefined);
    render(<CreateRoomDialog open onClose={jest.fn()} users={[users[1]]} onCreate={onCreate} />);
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Users'));
    await userEvent.click(await screen.findByTitle('Olivia Owens'));
    await userEvent.type(screen.getByLabelText('Title'), 'Renewals{Enter}');
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith('group', [OLIVIA], 'Renewals'));
  });

  it('saves a new title on Enter and shows the server’s refusal', async () => {
    const onSave = jest.fn(async () => {
      throw new Error('This room cannot be renamed');
    });
    render(<ChangeTitleDialog room={group} onClose={jest.fn()} onSave={onSave} />);
    const field = screen.getByLabelText('Title');
    await userEvent.clear(field);
    await userEvent.type(field, 'Sales team{Enter}');
    expect(onSave).toHaveBeenCalledWith('Sales team');
    expect(await screen.findByRole('alert')).toHaveTextContent('This room cannot be renamed');
  });
});
