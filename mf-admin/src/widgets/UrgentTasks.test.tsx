import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import userEventLib from '@testing-library/user-event';
import { bus, type ToastRequest, hostControls } from '@agency/bus';
import { UrgentTasks } from './UrgentTasks';
import { demoSession } from '@agency/testing';

const userEvent = userEventLib.setup({ delay: null });
const DONE = { locationCount: 1, twilioPhoneNumber: '+15551230000', stripePaymentMethodId: 'pm_1' };

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}
const renderWidget = () =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<UrgentTasks />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

let toasts: ToastRequest[];
let celebrations: string[];
let subs: Array<{ unsubscribe(): void }>;
beforeEach(() => {
  toasts = [];
  celebrations = [];
  subs = [bus.toast$.subscribe((t) => toasts.push(t)), bus.celebrate$.subscribe((reason) => celebrations.push(reason))];
});
afterEach(() => subs.forEach((s) => s.unsubscribe()));

test('lists what is left, each linking to where it is done', async () => {
  hostControls().setSession(demoSession());
  renderWidget();
  const list = screen.getByRole('list', { name: 'Setup tasks' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(4);
  expect(screen.getByRole('link', { name: 'Add Payment Method' })).toHaveAttribute('href', '/account/info/billing');
  await userEvent.click(screen.getByRole('link', { name: 'Set Up MFA' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/profile/mfa');
});

test('the list shortens as tasks are done and goes when the last is; the celebration is the frame’s (shell setupCompletion)', () => {
  hostControls().setSession(demoSession({}, { ...DONE, locationCount: 0 }));
  renderWidget();
  expect(screen.getAllByRole('listitem')).toHaveLength(2);
  act(() => hostControls().setSession(demoSession({}, DONE)));
  expect(screen.getAllByRole('listitem')).toHaveLength(1);
  act(() => hostControls().setSession(demoSession({ mfaEnabled: true }, DONE)));
  expect(screen.queryByRole('list')).not.toBeInTheDocument();
  expect(celebrations).toEqual([]);
});

test('says nothing when the setup was already done', () => {
  hostControls().setSession(demoSession({ mfaEnabled: true }, DONE));
  const { container } = renderWidget();
  expect(container).toBeEmptyDOMElement();
  expect(toasts).toEqual([]);
  expect(celebrations).toEqual([]);
});

test('shows nothing to an employee', () => {
  hostControls().setSession(demoSession({ role: 'employee' }));
  const { container } = renderWidget();
  expect(container).toBeEmptyDOMElement();
});
