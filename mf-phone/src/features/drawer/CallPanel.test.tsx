import { render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { ActiveCall } from '../device/softphone';
import { bus } from '@agency/bus';
import { CallPanel } from './CallPanel';

jest.mock('@agency/api-client', () => jest.requireActual('../../testing/apiClientMock'));
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const ringing = (over: Partial<ActiveCall> = {}): ActiveCall => ({
  sid: 'CA1',
  direction: 'incoming',
  number: '15125550142',
  name: 'James Carter',
  clientId: null,
  location: 'Round Rock',
  ivr: '',
  callId: 'call-1',
  kind: null,
  status: 'pending',
  startedAt: null,
  muted: false,
  volume: { input: 0, output: 0 },
  said: [],
  ...over,
});
const handlers = () => ({
  onAnswer: jest.fn(),
  onIgnore: jest.fn(),
  onReject: jest.fn(),
  onVoicemail: jest.fn(),
  onHangUp: jest.fn(),
  onToggleMute: jest.fn(),
  onToggleRecording: jest.fn(),
});

test('a client ringing in can be answered, ignored, rejected or sent to voicemail', async () => {
  const h = handlers();
  render(<CallPanel call={ringing()} multiLocation recording={null} {...h} />);
  expect(screen.getByRole('region', { name: 'Active call' })).toHaveTextContent('Round Rock');
  await userEvent.click(screen.getByRole('button', { name: /Send to Voicemail$/ }));
  expect(h.onVoicemail).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: /Ignore$/ })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Reject$/ })).toBeInTheDocument();
});

test('a colleague calling has no voicemail and no Ignore', () => {
  render(<CallPanel call={ringing({ number: 'Olivia Owens', name: 'Olivia Owens', callId: null })} multiLocation={false} recording={null} {...handlers()} />);
  expect(screen.queryByRole('button', { name: /Send to Voicemail$/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Ignore$/ })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Answer$/ })).toBeInTheDocument();
});

test("a call placed to a contact from their card shows the contact's Notes, and View Contact opens their record", async () => {
  const { phoneApi, activityApi } = jest.requireMock<typeof import('../../testing/apiClientMock')>('@agency/api-client');
  activityApi.stickies.mockResolvedValue([{ id: 'n1', note: 'Prefers mornings', createdAt: '2026-11-20T15:00:00.000Z' }]);
  phoneApi.conference.mockResolvedValue(null);
  const went: string[] = [];
  const sub = bus.navigate$.subscribe((r) => went.push(r.to));
  render(
    <CallPanel
      call={ringing({ direction: 'outgoing', clientId: 'client-7', callId: null, status: 'open', startedAt: Date.now() })}
      multiLocation={false}
      recording={null}
      {...handlers()}
    />,
  );
  expect(screen.getByRole('tab', { name: 'Notes', selected: true })).toBeInTheDocument();
  expect(await screen.findByText('Prefers mornings')).toBeInTheDocument();
  expect(activityApi.stickies).toHaveBeenCalledWith('client-7');
  await userEvent.click(screen.getByRole('button', { name: /View Contact$/ }));
  sub.unsubscribe();
  expect(went).toEqual(['/contacts/contact/client-7']);
});

test('an incoming caller the carrier reports as spam shows the spam icon beside their name, with its reason', async () => {
  render(<CallPanel call={ringing({ verification: 'spam' })} multiLocation={false} recording={null} {...handlers()} />);
  const icon = screen.getByRole('img', { name: 'Spam caller' });
  await userEvent.hover(icon);
  expect(await screen.findByRole('tooltip')).toHaveTextContent('The carrier reports this number as spam');
});

test('a caller the carrier verified shows the verified icon; one it said nothing of shows none', () => {
  const { rerender } = render(<CallPanel call={ringing({ verification: 'verified' })} multiLocation={false} recording={null} {...handlers()} />);
  expect(screen.getByRole('img', { name: 'Verified caller' })).toBeInTheDocument();
  rerender(<CallPanel call={ringing({ verification: null })} multiLocation={false} recording={null} {...handlers()} />);
  expect(screen.queryByRole('img', { name: /caller$/ })).not.toBeInTheDocument();
});
