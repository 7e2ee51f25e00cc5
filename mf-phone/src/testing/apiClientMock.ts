// What the phone's screens use of @agency/api-client, as jest mocks (the real one needs a server).
export const errorMessage = (err: unknown, fallback = 'Something went wrong. Please try again.') =>
  err instanceof Error && err.message ? err.message : fallback;
export const phoneApi = {
  token: jest.fn(),
  simulatorToken: jest.fn(),
  logs: jest.fn(),
  review: jest.fn(),
  transfer: jest.fn(),
  recordingAudio: jest.fn(),
  deleteRecording: jest.fn(),
  pauseRecording: jest.fn(),
  outgoingLocation: jest.fn(),
  queues: jest.fn(),
  takeNextCall: jest.fn(),
  sendToVoicemail: jest.fn(),
  workCount: jest.fn(),
  recordings: jest.fn(),
  conference: jest.fn(),
  addParticipant: jest.fn(),
  coach: jest.fn(),
  updateParticipant: jest.fn(),
  removeParticipant: jest.fn(),
  holdCall: jest.fn(),
};
export const locationsApi = { list: jest.fn() };
export const clientsApi = { list: jest.fn() };
export const phoneBlockApi = { add: jest.fn() };
export const activityApi = { create: jest.fn(), stickies: jest.fn() };
export const smsApi = { simulatorNumbers: jest.fn() };
export const utilitiesApi = { config: jest.fn() };
