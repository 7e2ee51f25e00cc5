import { act, fireEvent, render, screen } from '@testing-library/react';
import { hostControls } from '@agency/bus';
import type { Session } from '@agency/contracts';
import { api as http, smsApi } from '@agency/api-client';
import { SimulatorPage } from './SimulatorPage';

jest.mock('@agency/api-client', () => ({
  errorMessage: (err: Error) => err.message,
  smsApi: { simulatorNumbers: jest.fn(), simulatorTexts: jest.fn(async () => []), simulatorText: jest.fn() },
  api: { post: jest.fn() },
}));
const api = smsApi as jest.Mocked<typeof smsApi>;

beforeEach(() => hostControls().setSession({ user: { role: 'owner' } } as Session));
afterEach(() => hostControls().setSession(null));

test('Send Text waits for the agency numbers, so a text sent at once is not lost to an empty number', async () => {
  let answer: (list: Array<{ phoneNumber: string; friendlyName: string }>) => void = () => undefined;
  api.simulatorNumbers.mockReturnValue(new Promise((done) => (answer = done)) as never);
  render(<SimulatorPage />);
  expect(screen.getByRole('button', { name: 'Send Text' })).toBeDisabled();
  await act(async () => answer([{ phoneNumber: '15125550001', friendlyName: 'Austin Main' }]));
  expect(screen.getByRole('button', { name: 'Send Text' })).toBeEnabled();
  expect(screen.getByText('Austin Main · +1-512-555-0001')).toBeInTheDocument();
});

test("Fail Next Text tells the carrier to fail the agency's next text to the client's number", async () => {
  api.simulatorNumbers.mockResolvedValue([{ phoneNumber: '15125550001', friendlyName: 'Austin Main' }]);
  (http.post as jest.Mock).mockResolvedValue({ data: { message: 'ok' } });
  render(<SimulatorPage />);
  expect(screen.getByRole('button', { name: 'Fail Next Text' })).toBeDisabled();
  fireEvent.change(screen.getByLabelText('Client number'), { target: { value: '512-555-0177' } });
  fireEvent.click(await screen.findByRole('button', { name: 'Fail Next Text' }));
  expect(await screen.findByRole('status')).toHaveTextContent('The next text to +1-512-555-0177 will fail.');
  expect(http.post).toHaveBeenCalledWith('/sms/simulator/fail-next', { number: '15125550177' });
});
