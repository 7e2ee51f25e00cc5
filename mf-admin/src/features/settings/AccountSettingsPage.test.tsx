import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import { accountsApi, ApiRequestError, usersApi } from '@agency/api-client';
import { exportAgencyData } from './exportAll';
import { AccountSettingsPage } from './AccountSettingsPage';
import { demoAccount, demoSession, meOf } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const accounts = accountsApi as jest.Mocked<typeof accountsApi>;
const users = usersApi as jest.Mocked<typeof usersApi>;
const userEvent = userEventLib.setup({ delay: null });

const stored = demoAccount({ mfaRequired: false, gatheringForms: 'address,auto,payment,extra' });

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession({}, stored));
  accounts.get.mockResolvedValue(stored);
});

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const resetButton = () => screen.getByRole('button', { name: 'Reset' });
const selected = () =>
  Array.from(document.querySelectorAll('.ant-select-selection-item, .ant-select-selection-item-content'))
    .map((e) => e.textContent)
    .filter(Boolean);

test('shows the stored settings, with Reset and Save disabled until something changes', async () => {
  render(<AccountSettingsPage />);
  await waitFor(() => expect(accounts.get).toHaveBeenCalledWith(stored.id));
  expect(screen.getByRole('switch', { name: 'MFA required for all employees' })).not.toBeChecked();
  // 'payment' is the older spelling of paymentMethods; Extra always shows and is not a choice.
  expect(new Set(selected())).toEqual(new Set(['Address', 'Auto', 'Payment Methods']));
  expect(saveButton()).toBeDisabled();
  expect(resetButton()).toBeDisabled();

  await userEvent.click(screen.getByRole('switch', { name: 'MFA required for all employees' }));
  expect(saveButton()).toBeEnabled();
  expect(resetButton()).toBeEnabled();
  // Switching back is no change at all.
  await userEvent.click(screen.getByRole('switch', { name: 'MFA required for all employees' }));
  expect(saveButton()).toBeDisabled();
});

test('Reset restores the stored values', async () => {
  render(<AccountSettingsPage />);
  await waitFor(() => expect(accounts.get).toHaveBeenCalled());
  await userEvent.click(screen.getByRole('switch', { name: 'MFA required for all employees' }));
  await userEvent.click(resetButton());
  expect(screen.getByRole('switch', { name: 'MFA required for all employees' })).not.toBeChecked();
  expect(saveButton()).toBeDisabled();
});

test('Save sends gatheringForms joined by commas, then the session follows', async () => {
  const saved = { ...stored, mfaRequired: true, gatheringForms: 'address,auto,paymentMethods,life' };
  accounts.update.mockResolvedValue(saved);
  users.me.mockResolvedValue(meOf(demoSession({}, saved)));
  const toasts: string[] = [];
  const sub = bus.toast$.subscribe((t) => toasts.push(t.message));
  render(<AccountSettingsPage />);
  await waitFor(() => expect(accounts.get).toHaveBeenCalled());

  await userEvent.click(screen.getByRole('switch', { name: 'MFA required for all employees' }));
  await userEvent.click(screen.getByLabelText('Gathering Forms'));
  await userEvent.click(within(document.querySelector('.ant-select-dropdown') as HTMLElement).getByText('Life'));
  await userEvent.click(saveButton());

  await waitFor(() =>
    expect(accounts.update).toHaveBeenCalledWith(stored.id, {
      mfaRequired: true,
      messagingEnabled: stored.messagingEnabled,
      gatheringForms: 'address,auto,paymentMethods,life',
    }),
  );
  await waitFor(() => expect(bus.session$.value?.account.gatheringForms).toBe('address,auto,paymentMethods,life'));
  expect(toasts).toContain('Account settings saved.');
  expect(saveButton()).toBeDisabled();
  sub.unsubscribe();
});

test('a failed save says why with the catalogue prefix and keeps the changes', async () => {
  accounts.update.mockRejectedValue(new ApiRequestError('Gathering forms are all or a list of address', 400));
  render(<AccountSettingsPage />);
  await waitFor(() => expect(accounts.get).toHaveBeenCalled());
  await userEvent.click(screen.getByRole('switch', { name: 'MFA required for all employees' }));
  await userEvent.click(saveButton());
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to update account settings: Gathering forms are all or a list of address');
  expect(saveButton()).toBeEnabled();
});

test("an owner exports all of the agency's data, following the download; others see no such button", async () => {
  let hear: (received: number, total: number | null) => void = () => undefined;
  let finish: (blob: Blob) => void = () => undefined;
  const download = jest.spyOn(exportAgencyData, 'download').mockImplementation((_, progress) => {
    hear = progress;
    return new Promise<Blob>((resolve) => (finish = resolve));
  });
  const createObjectURL = jest.fn(() => 'blob:export');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  hostControls().setSession(demoSession({ role: 'owner' }, stored));
  const { unmount } = render(<AccountSettingsPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Export all data' }));
  expect(download).toHaveBeenCalledWith(stored.id, expect.any(Function));
  expect(screen.getByText('Preparing the archive…')).toBeInTheDocument();
  act(() => hear(500, 1000));
  expect(screen.getByText('Downloading… 50%')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Export progress' })).toBeInTheDocument();
  await act(async () => finish(new Blob(['archive'])));
  expect(createObjectURL).toHaveBeenCalled();
  expect(click).toHaveBeenCalled();
  click.mockRestore();
  expect(screen.queryByText(/Downloading/)).not.toBeInTheDocument();
  unmount();

  for (const role of ['admin', 'employee'] as const) {
    hostControls().setSession(demoSession({ role }, stored));
    const view = render(<AccountSettingsPage />);
    await waitFor(() => expect(accounts.get).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Export all data' })).not.toBeInTheDocument();
    view.unmount();
  }
});
