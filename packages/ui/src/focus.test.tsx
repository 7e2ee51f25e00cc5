import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { FOCUS_RING_CSS, useReturnFocus } from './focus';

/** A trigger and a dialog drawn only while open (the case antd cannot restore focus for). */
function Screen({ keepMounted }: { keepMounted: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Edit contact</button>
      {(open || keepMounted) && <Dialog open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
function Dialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  useReturnFocus(open);
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Edit">
      <input aria-label="Name" autoFocus />
      <button onClick={onClose}>Cancel</button>
    </div>
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it.each([
  ['drawn only while open', false],
  ['kept on the page', true],
])('gives focus back to the trigger when a dialog %s closes', (_, keepMounted) => {
  render(<Screen keepMounted={keepMounted} />);
  const trigger = screen.getByRole('button', { name: 'Edit contact' });
  trigger.focus();
  act(() => trigger.click());
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  act(() => screen.getByRole('button', { name: 'Cancel' }).click());
  expect(screen.queryByRole('dialog')).toBeNull();
  act(() => jest.runOnlyPendingTimers());
  expect(trigger).toHaveFocus();
});

it('leaves focus where the person put it after the dialog closed', () => {
  render(
    <>
      <Screen keepMounted={false} />
      <button>Elsewhere</button>
    </>,
  );
  const trigger = screen.getByRole('button', { name: 'Edit contact' });
  trigger.focus();
  act(() => trigger.click());
  act(() => screen.getByRole('button', { name: 'Cancel' }).click());
  const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
  elsewhere.focus();
  act(() => jest.runOnlyPendingTimers());
  expect(elsewhere).toHaveFocus();
});

it('draws a focus ring on the stops antd leaves bare, in the theme ring colour', () => {
  expect(FOCUS_RING_CSS).toContain(':focus-visible');
  expect(FOCUS_RING_CSS).toContain('.ant-picker-panel');
  expect(FOCUS_RING_CSS).toContain('var(--ant-color-primary-border');
});
