import { render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { hostControls } from '@agency/bus';
import { campaignsApi } from '@agency/api-client';
import type { Campaign, CampaignLog, Session } from '@agency/contracts';
import { CampaignsPage } from './CampaignsPage';
import { formatInZone } from './schedule';

jest.mock('@agency/api-client', () => ({
  errorMessage: (err: Error) => err.message,
  campaignsApi: { list: jest.fn(), logs: jest.fn(), logDetails: jest.fn(), remove: jest.fn(), runNow: jest.fn() },
}));
const api = campaignsApi as jest.Mocked<typeof campaignsApi>;
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const campaign = {
  id: 'c1',
  name: 'Renewal reminder',
  description: 'Weekly nudge',
  format: 'sms',
  scheduleOccurrence: 'once',
  scheduleInterval: null,
  scheduleIntervalOn: null,
  scheduleEndFormat: 'never',
  scheduleEndValue: null,
  // 08:00 UTC: 2:00 AM in Chicago.
  scheduleStartOn: '2026-11-28T08:00:00.000Z',
  nextRunOn: '2026-11-28T08:00:00.000Z',
  isActive: true,
} as Campaign;

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession({ account: { id: 'a1', timezone: 'America/Chicago' }, user: { id: 'u1', role: 'owner' } } as Session);
});
afterAll(() => hostControls().setSession(null));

test("the list shows the start, the next run and the runs in the account's time zone, as the wizard does, and a night run's held texts as held", async () => {
  api.list.mockResolvedValue([campaign] as never);
  const runs: CampaignLog[] = [{ runDate: '2026-11-27T05:00:00.000Z', successful: 0, failed: 1, held: 3, status: 'done' }];
  api.logs.mockResolvedValue(runs);
  render(
    <MemoryRouter>
      <AntApp>
        <CampaignsPage />
      </AntApp>
    </MemoryRouter>,
  );
  const row = (await screen.findByText('Renewal reminder')).closest('tr')!;
  // the start, and the next run under how often it runs
  expect(within(row).getByText('11/28/2026 2:00 AM')).toBeInTheDocument();
  expect(within(row).getByText('Next 11/28/2026 2:00 AM')).toBeInTheDocument();
  await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
  const history = await screen.findByRole('table', { name: 'Run history' });
  const run = (await within(history).findByText('11/26/2026 11:00 PM')).closest('tr')!;
  const cells = Array.from(run.querySelectorAll('td')).map((td) => td.textContent);
  expect(cells).toEqual(expect.arrayContaining(['0', '3', '1']));
  expect(within(history).getByText('Held')).toBeInTheDocument();
});

test('formatInZone writes a time in the given zone', () => {
  expect(formatInZone('2026-07-01T17:30:00.000Z', 'America/New_York')).toBe('07/01/2026 1:30 PM');
  expect(formatInZone(null, 'America/New_York')).toBe('');
});
