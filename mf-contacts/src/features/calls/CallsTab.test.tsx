import { render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { CallLogEntry, CallLogPage, CallLogQuery, ClientFull } from '@agency/contracts';
import { ContactProvider } from '../detail/ContactContext';
import { CallsTab } from './CallsTab';

const logs = jest.fn<Promise<CallLogPage>, [CallLogQuery]>();
const recordingAudio = jest.fn<Promise<Blob>, [string]>();
jest.mock('@agency/api-client', () => ({
  errorMessage: (e: Error) => e.message,
  phoneApi: { logs: (q: CallLogQuery) => logs(q), recordingAudio: (id: string) => recordingAudio(id) },
}));
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

const call = (over: Partial<CallLogEntry>): CallLogEntry => ({
  id: 'c1',
  createdAt: '2026-11-26T15:00:00.000Z',
  format: 'inbound',
  status: 'completed',
  direction: 'incoming',
  phoneNumber: '15125550142',
  agencyNumber: '15125550001',
  user: { id: 'u3', firstName: 'Emma', lastName: 'Ellis', avatar: null },
  client: { id: 'k1', name: 'James Carter' },
  tags: 0,
  accountLocation: null,
  ivr: 'main',
  callDuration: 95,
  errorMessage: null,
  recording: { sid: 'RE1', duration: 94 },
  viewedBy: null,
  viewedOn: null,
  verification: null,
  conference: null,
  ...over,
});

test("the Recordings tab lists the contact's calls and plays a recording in the page", async () => {
  logs.mockResolvedValue({
    items: [call({}), call({ id: 'c2', format: 'voicemail', status: 'missed', user: null, callDuration: 0, recording: { sid: 'RE2', duration: 12 } })],
    total: 2,
  });
  recordingAudio.mockResolvedValue(new Blob(['RIFF'], { type: 'audio/wav' }));
  URL.createObjectURL = jest.fn(() => 'blob:recording');
  URL.revokeObjectURL = jest.fn();
  render(
    <ContactProvider value={{ id: 'k1', full: {} as ClientFull, reload: async () => undefined }}>
      <CallsTab />
    </ContactProvider>,
  );
  expect(await screen.findByText('Incoming call')).toBeInTheDocument();
  expect(screen.getByText('Voicemail')).toBeInTheDocument();
  expect(screen.getByText('1m 35s')).toBeInTheDocument();
  expect(logs).toHaveBeenCalledWith({ view: 'all', clientId: 'k1', limit: 50 });
  await userEvent.click(screen.getByRole('button', { name: 'Play recording, 1m 34s' }));
  expect(recordingAudio).toHaveBeenCalledWith('c1');
  expect(await screen.findByLabelText('Recording, 1m 34s')).toHaveAttribute('src', 'blob:recording');
  expect(screen.queryByRole('button', { name: 'Delete recording' })).not.toBeInTheDocument();
});
