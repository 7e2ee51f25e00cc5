import { fireEvent, render, screen } from '@testing-library/react';
import { MenuOnDemand } from './MenuOnDemand';

const items = [
  { key: 'a', label: 'Alpha' },
  { key: 'b', label: 'Beta' },
];

test('the first click loads the menu and opens it; the trigger keeps its focus, and a pick reaches onClick', async () => {
  const onClick = jest.fn();
  render(
    <MenuOnDemand menu={{ items, onClick }}>
      <button type="button">Open</button>
    </MenuOnDemand>,
  );
  expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
  const trigger = screen.getByRole('button', { name: 'Open' });
  trigger.focus();
  fireEvent.click(trigger);
  expect(await screen.findByRole('menuitem', { name: 'Beta' })).toBeInTheDocument();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Beta' }));
  expect(onClick).toHaveBeenCalledWith(expect.objectContaining({ key: 'b' }));
});

test('once loaded, a menu drawn later opens with its first click', async () => {
  render(
    <MenuOnDemand menu={{ items }}>
      <button type="button">Later</button>
    </MenuOnDemand>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Later' }));
  expect(await screen.findByRole('menuitem', { name: 'Alpha' })).toBeInTheDocument();
});
