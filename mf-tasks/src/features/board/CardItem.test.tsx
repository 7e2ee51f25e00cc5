import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TaskCard } from '@agency/contracts';
import { CardItem, type CardActions } from './CardItem';

// dragging is the lanes' journey's (e2e/tests/tasks.spec.ts); here, what the card is and what it opens
jest.mock('react-dnd', () => ({ useDrag: () => [{ dragging: false }, () => undefined], useDrop: () => [{ over: false }, () => undefined] }));

const card = {
  id: 'c1',
  order: 1,
  laneId: 'L1',
  taskBoardId: 'b1',
  title: 'Home quote: Smith',
  details: 'Two cars',
  tags: [],
  repeat: 'none',
  assignedTo: null,
} as unknown as TaskCard;

function renderCard(actions: Partial<CardActions> = {}) {
  const all: CardActions = { me: 'u1', canDelete: () => true, onOpen: jest.fn(), onAssign: jest.fn(), onDelete: jest.fn(), onDrop: jest.fn(), ...actions };
  render(
    <div role="list" aria-label="To Do cards">
      <CardItem card={card} index={0} listItem={{ role: 'listitem' }} actions={all} />
    </div>,
  );
  return all;
}

test("a card is an item of its lane's list, its title the control that opens it, its buttons beside it", async () => {
  const actions = renderCard();
  const item = screen.getByRole('listitem');
  const open = screen.getByRole('button', { name: 'Open card Home quote: Smith' });
  expect(item).toContainElement(open);
  // named by what it shows, and no control inside another
  expect(open).toHaveTextContent('Home quote: Smith');
  const assign = screen.getByRole('button', { name: 'Assign Home quote: Smith to me' });
  expect(open).not.toContainElement(assign);
  expect(screen.getByTestId('task-card')).not.toContainElement(assign);

  open.focus();
  await userEvent.keyboard('{Enter}');
  expect(actions.onOpen).toHaveBeenCalledTimes(1);
  await userEvent.click(screen.getByText('Two cars'));
  expect(actions.onOpen).toHaveBeenCalledTimes(2);
  await userEvent.click(assign);
  expect(actions.onAssign).toHaveBeenCalledWith(card, 'u1');
  expect(actions.onOpen).toHaveBeenCalledTimes(2);
});
