import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import { ApiRequestError, reviewSettingsApi, usersApi } from '@agency/api-client';
import type { ReviewSettings } from '@agency/contracts';
import { ServiceReviewPage } from './ServiceReviewPage';
import { demoSession, meOf } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const settings = reviewSettingsApi as jest.Mocked<typeof reviewSettingsApi>;
const users = usersApi as jest.Mocked<typeof usersApi>;
const userEvent = userEventLib.setup({ delay: null });

const stored: ReviewSettings = {
  serviceReviewEnabled: true,
  reviewSMSMessage: 'How did we do?',
  googlePlaceId: 'ChIJ-demo',
  googleReviewMinRating: 4,
  ratingNotificationEnabled: false,
};
const accountId = demoSession().account.id;

beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession({}, { serviceReviewEnabled: true }));
  settings.get.mockResolvedValue(stored);
});

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const rating = () => screen.getByLabelText('Google review minimum rating').closest('.ant-select-content')?.getAttribute('title');
const enabled = () => screen.getByRole('switch', { name: 'Service reviews enabled' });

test('shows the stored settings with 1 to 5 star options; Reset and Save wait for a change', async () => {
  render(<ServiceReviewPage />);
  expect(await screen.findByRole('switch', { name: 'Service reviews enabled' })).toBeChecked();
  expect(settings.get).toHaveBeenCalledWith(accountId);
  expect(screen.getByLabelText('Review text message')).toHaveValue('How did we do?');
  expect(screen.getByLabelText('Google Place Id')).toHaveValue('ChIJ-demo');
  expect(screen.getByRole('switch', { name: 'Rating notifications' })).not.toBeChecked();
  expect(rating()).toBe('4 stars');
  await userEvent.click(screen.getByLabelText('Google review minimum rating'));
  const dropdown = document.querySelector('.ant-select-dropdown') as HTMLElement;
  expect(Array.from(dropdown.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent)).toEqual([
    '1 star',
    '2 stars',
    '3 stars',
    '4 stars',
    '5 stars',
  ]);
  expect(saveButton()).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  await userEvent.click(within(dropdown).getByText('1 star'));
  expect(saveButton()).toBeEnabled();
  await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
  expect(rating()).toBe('4 stars');
  expect(saveButton()).toBeDisabled();
});

test('turning reviews off saves, says so, and the session account follows', async () => {
  const saved = { ...stored, serviceReviewEnabled: false, googlePlaceId: null };
  settings.update.mockResolvedValue(saved);
  users.me.mockResolvedValue(meOf(demoSession({}, { serviceReviewEnabled: false })));
  const toasts: string[] = [];
  const sub = bus.toast$.subscribe((t) => toasts.push(t.message));
  render(<ServiceReviewPage />);
  await userEvent.click(await screen.findByRole('switch', { name: 'Service reviews enabled' }));
  await userEvent.clear(screen.getByLabelText('Google Place Id'));
  await userEvent.click(saveButton());

  await waitFor(() => expect(settings.update).toHaveBeenCalledWith(accountId, { ...stored, serviceReviewEnabled: false, googlePlaceId: null }));
  await waitFor(() => expect(bus.session$.value?.account.serviceReviewEnabled).toBe(false));
  expect(toasts).toContain('Account service review settings saved.');
  expect(enabled()).not.toBeChecked();
  expect(saveButton()).toBeDisabled();
  sub.unsubscribe();
});

test('a refused save keeps the changes and says why', async () => {
  settings.update.mockRejectedValue(new ApiRequestError('Google Place Id is not valid', 400));
  render(<ServiceReviewPage />);
  await userEvent.type(await screen.findByLabelText('Google Place Id'), ' !');
  await userEvent.click(saveButton());
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to update service review settings: Google Place Id is not valid');
  expect(screen.getByLabelText('Google Place Id')).toHaveValue('ChIJ-demo !');
  expect(users.me).not.toHaveBeenCalled();
});
