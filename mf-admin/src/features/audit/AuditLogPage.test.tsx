import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import { auditApi, ApiRequestError, usersApi } from '@agency/api-client';
import type { AuditEvent, AuditPage } from '@agency/contracts';
import { formatDateTime } from '@agency/ui';
import { AuditLogPage, queryOf } from './AuditLogPage';
import { demoSession, demoUser } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const audit = auditApi as jest.Mocked<typeof auditApi>;
const users = usersApi as jest.Mocked<typeof usersApi>;
const userEvent = userEventLib.setup({ delay: null });

const owner = demoUser();
const event = (over: Partial<AuditEvent>): AuditEvent => ({
  id: '1',
  at: '2026-11-20T15:04:05.000Z',
  action: 'signIn',
  actor: { id: owner.id, name: 'Olivia Owner' },
  actingAs: null,
  target: null,
  detail: 'Browser',
  ip: '127.0.0.1',
  ...over,
});
const page = (items: AuditEvent[], total = items.length): AuditPage => ({ items, total });

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  users.list.mockResolvedValue([owner, demoUser({ id: '00000000-0000-4000-8000-0000000000e1', firstName: 'Emma', lastName: 'Ellis', role: 'employee' })]);
});

test('shows the trail: when, action, who (and as whom while ghosting), record, detail and address', async () => {
  audit.page.mockResolvedValue(
    page(
      [
        event({
          id: '2',
          action: 'fieldRevealed',
          actingAs: { id: 'e', name: 'Emma Ellis' },
          target: { type: 'contact', id: 'c', label: 'James Carter' },
          detail: 'SSN of the primary',
        }),
        event({ id: '1', actor: null, action: 'signInFailed', detail: 'Sign-in as x@y.z: Invalid email or password' }),
      ],
      60,
    ),
  );
  render(<AuditLogPage />);
  await waitFor(() => expect(audit.page).toHaveBeenCalledWith(demoSession().account.id, expect.objectContaining({ page: 1, pageSize: 25 })));
  const revealed = (await screen.findByText('Field revealed')).closest('tr') as HTMLElement;
  expect(within(revealed).getByText('James Carter')).toBeInTheDocument();
  expect(revealed).toHaveTextContent('Olivia Owner as Emma Ellis');
  expect(revealed).toHaveTextContent('SSN of the primary');
  const [day, time] = formatDateTime('2026-11-20T15:04:05.000Z', { seconds: true }).split(/ (.*)/);
  expect(revealed.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T15:04:05.000Z');
  expect(revealed.querySelector('time')).toHaveTextContent(`${day}${time}`);
  const failed = screen.getByText('Sign-in failed').closest('tr') as HTMLElement;
  expect(failed).toHaveTextContent('Not signed in');
  expect(screen.getByText('1-25 of 60 events')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('listitem', { name: '2' }));
  await waitFor(() => expect(audit.page).toHaveBeenLastCalledWith(demoSession().account.id, expect.objectContaining({ page: 2 })));
});

test('filters go to the server, and a new filter starts at page one', async () => {
  audit.page.mockResolvedValue(page([event({})], 60));
  render(<AuditLogPage />);
  await screen.findByText('Signed in');
  await userEvent.click(screen.getByRole('listitem', { name: '3' }));
  await waitFor(() => expect(audit.page).toHaveBeenLastCalledWith(expect.any(String), expect.objectContaining({ page: 3 })));

  await userEvent.click(screen.getByLabelText('Category'));
  await userEvent.click(within(document.querySelector('.ant-select-dropdown') as HTMLElement).getByText('Ghosting'));
  await waitFor(() => expect(audit.page).toHaveBeenLastCalledWith(expect.any(String), expect.objectContaining({ category: 'ghosting', page: 1 })));

  await userEvent.type(screen.getByLabelText('Search'), 'Carter{Enter}');
  await waitFor(() => expect(audit.page).toHaveBeenLastCalledWith(expect.any(String), expect.objectContaining({ q: 'Carter', category: 'ghosting' })));
});

test('a backwards date range is refused on the page and not asked for', async () => {
  audit.page.mockResolvedValue(page([]));
  render(<AuditLogPage />);
  expect(await screen.findByText('No events match these filters.')).toBeInTheDocument();
  const calls = audit.page.mock.calls.length;
  await userEvent.type(screen.getByLabelText('From'), '2026-11-20');
  await userEvent.type(screen.getByLabelText('To'), '2026-11-01');
  expect(await screen.findByText('The start date must not be after the end date')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Export CSV/ })).toBeDisabled();
  expect(audit.page.mock.calls.length).toBe(calls + 1); // the From day alone, not the backwards range
});

test('the days become the viewer’s whole days', () => {
  const q = queryOf({ fromDay: '2026-11-01', toDay: '2026-11-02', q: '  x ' });
  expect(new Date(q.from!).getDate()).toBe(1);
  expect(new Date(q.from!).getHours()).toBe(0);
  expect(new Date(q.to!).getDate()).toBe(3);
  expect(q.q).toBe('x');
});

test('Export CSV downloads what the filters match; a failure says why', async () => {
  audit.page.mockResolvedValue(page([event({})]));
  audit.exportCsv.mockResolvedValueOnce('When (UTC),Action\r\n');
  const created = jest.fn(() => 'blob:audit');
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
  const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  render(<AuditLogPage />);
  await screen.findByText('Signed in');
  await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
  await waitFor(() => expect(audit.exportCsv).toHaveBeenCalledWith(demoSession().account.id, expect.objectContaining({ category: undefined })));
  expect(created).toHaveBeenCalled();
  expect(clicked).toHaveBeenCalled();
  await waitFor(() => expect(screen.getByRole('button', { name: /Export CSV/ })).not.toHaveClass('ant-btn-loading'));

  const toasts: string[] = [];
  const sub = bus.toast$.subscribe((t) => toasts.push(t.message));
  audit.exportCsv.mockRejectedValueOnce(new ApiRequestError('Forbidden', 403));
  await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
  await waitFor(() => expect(audit.exportCsv).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(toasts).toContain('Unable to export the audit log: Forbidden'));
  sub.unsubscribe();
  clicked.mockRestore();
});

test('a failed load says why and offers Retry', async () => {
  audit.page.mockRejectedValueOnce(new ApiRequestError('Server down', 500)).mockResolvedValue(page([event({})]));
  render(<AuditLogPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load the audit log: Server down');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Signed in')).toBeInTheDocument();
});
