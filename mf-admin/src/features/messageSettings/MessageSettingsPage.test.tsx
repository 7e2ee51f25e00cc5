import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import { ApiRequestError, locationsApi } from '@agency/api-client';
import { MessageSettingsPage } from './MessageSettingsPage';
import { demoLocation, demoSession, roundRock } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const locations = locationsApi as jest.Mocked<typeof locationsApi>;
const userEvent = userEventLib.setup({ delay: null });

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
});

const saveButton = () => screen.getByRole('button', { name: 'Save' });

test('Missing Locations when the account has none', async () => {
  locations.list.mockResolvedValue([]);
  render(<MessageSettingsPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Missing Locations');
  expect(screen.queryByLabelText('Signature')).not.toBeInTheDocument();
});

test("a location's signature is saved as its messages JSON, Save enabled only after a change", async () => {
  locations.list.mockResolvedValue([demoLocation({ messages: JSON.stringify({ signature: '- Austin' }) }), roundRock()]);
  locations.update.mockImplementation(async (_a, id, body) => roundRock({ id, messages: body.messages as string }));
  const toasts: string[] = [];
  const sub = bus.toast$.subscribe((t) => toasts.push(t.message));
  render(<MessageSettingsPage />);
  // Two locations: nothing is chosen until the selector says which.
  await userEvent.click(await screen.findByLabelText('Location'));
  expect(screen.queryByLabelText('Signature')).not.toBeInTheDocument();
  await userEvent.click(within(document.querySelector('.ant-select-dropdown') as HTMLElement).getByText('Austin (America/Chicago)'));
  expect(screen.getByLabelText('Signature')).toHaveValue('- Austin');
  expect(saveButton()).toBeDisabled();

  await userEvent.clear(screen.getByLabelText('Signature'));
  await userEvent.type(screen.getByLabelText('Signature'), '  - The Austin office ');
  await userEvent.click(saveButton());
  await waitFor(() =>
    expect(locations.update).toHaveBeenCalledWith(demoSession().account.id, demoLocation().id, {
      messages: JSON.stringify({ signature: '- The Austin office' }),
    }),
  );
  await waitFor(() => expect(toasts).toContain('Message settings saved.'));
  expect(screen.getByLabelText('Signature')).toHaveValue('- The Austin office');
  expect(saveButton()).toBeDisabled();
  sub.unsubscribe();
});

test('a failed save says why in the catalogue words', async () => {
  locations.list.mockResolvedValue([demoLocation()]);
  locations.update.mockRejectedValue(new ApiRequestError('You do not have access to perform this action.', 403));
  render(<MessageSettingsPage />);
  await userEvent.type(await screen.findByLabelText('Signature'), 'Hi');
  await userEvent.click(saveButton());
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to update message settings: You do not have access to perform this action.');
  expect(screen.getByLabelText('Signature')).toHaveValue('Hi');
});
