import { screen, waitFor } from '@testing-library/react';
import { bus } from '@agency/bus';
import { saveSession } from '../session/session';
import { demoSession } from '@agency/testing';
import { renderAt } from '../test/router';
import { remoteExposes } from '../remotes/registry';
import Dashboard, { slotSpan, visibleSlots } from './Dashboard';

jest.mock('../remotes/registry', () => ({ remoteExposes: jest.fn(() => Promise.resolve([])) }));
const exposes = remoteExposes as jest.MockedFunction<typeof remoteExposes>;
jest.mock('../dashboard/WidgetSlot', () => ({ WidgetSlot: ({ slot }: { slot: { title: string } }) => <section aria-label={slot.title} /> }));

const ALL = [
  'Urgent Tasks',
  'Account Balance',
  'Queues',
  'Usage',
  'Follow Up',
  'Scheduled Messages',
  'Campaigns',
  'Service Reviews',
  'Referrals',
  'Renewals',
  'Employee Stats',
];

describe('dashboard slots', () => {
  it('keeps the eleven slots in order for admin roles', () => {
    expect(visibleSlots('owner', { serviceReviewEnabled: true }).map((s) => s.title)).toEqual(ALL);
    expect(visibleSlots('SUPER', { serviceReviewEnabled: true }).map((s) => s.title)).toEqual(ALL);
  });
  it('leaves out the admin widgets for employees and Service Reviews when it is off', () => {
    expect(visibleSlots('employee', { serviceReviewEnabled: false }).map((s) => s.title)).toEqual([
      'Queues',
      'Follow Up',
      'Scheduled Messages',
      'Campaigns',
      'Referrals',
      'Renewals',
      'Employee Stats',
    ]);
  });
});

describe('Dashboard', () => {
  beforeEach(() => {
    localStorage.clear();
    exposes.mockImplementation(() => Promise.resolve([]));
  });

  it('shows employees the banner linking to /profile', async () => {
    saveSession(demoSession({ role: 'employee', firstName: 'Emma' }));
    renderAt('/', '/', <Dashboard />);
    expect(screen.getByText('Preview the new dashboard')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', '/profile');
    expect(screen.getByText(/, Emma$/)).toBeInTheDocument();
    expect(await screen.findByText('Your widgets will show here as soon as they are available.')).toBeInTheDocument();
  });

  it('shows no banner to admin roles and every released widget in order', async () => {
    exposes.mockImplementation(() => Promise.reject(new Error('offline')));
    saveSession(demoSession({ role: 'admin' }, { serviceReviewEnabled: true }));
    renderAt('/', '/', <Dashboard />);
    expect(screen.queryByText('Preview the new dashboard')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(ALL));
    expect(bus.session$.value?.user.role).toBe('admin');
  });

  it('renders only the slots whose remote exposes a widget, leaving no empty columns', async () => {
    exposes.mockImplementation((remote) => Promise.resolve(remote === 'admin' ? ['widget-urgent-tasks'] : remote === 'contacts' ? ['widget-follow-up'] : []));
    saveSession(demoSession({ role: 'owner' }));
    const { container } = renderAt('/', '/', <Dashboard />);
    await waitFor(() => expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['Urgent Tasks', 'Follow Up']));
    expect(container.querySelectorAll('.ant-col')).toHaveLength(2);
    expect(screen.queryByText('Your widgets will show here as soon as they are available.')).not.toBeInTheDocument();
  });
});

describe("a widget's width follows the dashboard's, not the window's", () => {
  it("keeps the slot's span where the dashboard is wide", () => {
    expect(slotSpan(8, 1200)).toBe(8);
    expect(slotSpan(12, 900)).toBe(12);
  });
  it('puts thirds two to a row where it is middling (a laptop with the phone drawer open)', () => {
    expect(slotSpan(8, 628)).toBe(12);
    expect(slotSpan(12, 628)).toBe(12);
    expect(slotSpan(24, 628)).toBe(24);
  });
  it('puts one to a row where it is narrow', () => {
    expect(slotSpan(8, 350)).toBe(24);
    expect(slotSpan(12, 559)).toBe(24);
  });
  it("keeps the slot's span until it is measured", () => {
    expect(slotSpan(8, null)).toBe(8);
  });
});
