import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { hostControls } from '@agency/bus';
import { followUpsApi } from '@agency/api-client';
import { REMOTE_MODULES, type FollowUp, type Session } from '@agency/contracts';
import { renderWith } from '../../test/render';
import { PastDueWarnings } from './PastDueWarnings';

jest.mock('@agency/api-client', () => ({ followUpsApi: { bucket: jest.fn(), complete: jest.fn() } }));
const api = followUpsApi as jest.Mocked<typeof followUpsApi>;

const followUp = (over: Partial<FollowUp>): FollowUp => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  assignTo: 'team',
  user: null,
  date: '2026-11-20T15:00:00.000Z',
  reminderAt: null,
  reminderJob: null,
  note: 'Call about the renewal',
  messageTo: null,
  message: null,
  messageAt: null,
  messageStatus: null,
  isActive: true,
  client: null,
  clientName: 'James Carter',
  createdByUser: '00000000-0000-4000-9000-000000000099',
  smsRoom: null,
  createdAt: '2026-11-19T15:00:00.000Z',
  completedAt: null,
  ...over,
});

test("raises a persistent warning with Ignore and Complete for a team's past-due follow-up, not for a colleague's own", async () => {
  hostControls().setSession({ user: { id: '00000000-0000-4000-9000-000000000003' } } as Session);
  api.bucket.mockResolvedValue([followUp({}), followUp({ id: '00000000-0000-4000-8000-0000000000f2', assignTo: 'self', note: 'Not mine' })]);
  renderWith(<PastDueWarnings />);
  expect(await screen.findByText('Past Due Follow Up: Call about the renewal')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Ignore' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Complete' })).toBeInTheDocument();
  // at the bottom of the screen: the header's controls stay in reach
  expect(screen.getByText('Past Due Follow Up: Call about the renewal').closest('.ant-notification-bottomRight')).not.toBeNull();
  expect(screen.queryByText('Past Due Follow Up: Not mine')).not.toBeInTheDocument();
  expect(api.bucket).toHaveBeenCalledWith('pastDue');
  hostControls().setSession(null);
});

test("is the remote's background module, which the shell mounts on every page", () => {
  const exposes = JSON.parse(readFileSync(join(__dirname, '../../../exposes.json'), 'utf8')) as Record<string, string>;
  expect(exposes['./background']).toBe('./src/backgroundLifecycles.tsx');
  expect(REMOTE_MODULES.contacts).toContain('background');
});
