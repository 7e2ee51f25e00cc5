import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { bus, hostControls } from '@agency/bus';
import { ApiRequestError, mobileAppApi } from '@agency/api-client';
import { MobileAppPage } from './MobileAppPage';
import { demoSession, fill } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const api = mobileAppApi as jest.Mocked<typeof mobileAppApi>;
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });

let toasts: string[];
let sub: { unsubscribe(): void };
beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  toasts = [];
  sub = bus.toast$.subscribe((t) => toasts.push(t.message));
});
afterEach(() => sub.unsubscribe());

const saved = { id: 'm1', logo: null, products: ['Auto'], departments: [], changeRequestTypes: [], referralBonus: '$25 gift card', referralDisclaimer: '' };

test('the first save is Submit, waits for a change, and the preview follows what is typed', async () => {
  api.get.mockResolvedValue(null);
  api.create.mockResolvedValue(saved);
  render(<MobileAppPage />);
  const submit = await screen.findByRole('button', { name: 'Submit' });
  expect(submit).toBeDisabled();
  const products = screen.getByLabelText('Products');
  await userEvent.type(products, 'Auto{enter}');
  await fill('Referral Bonus', '$25 gift card');
  const preview = screen.getByRole('img', { name: 'Phone preview' });
  expect(within(preview).getByText('Auto')).toBeInTheDocument();
  expect(within(preview).getByText('Refer a friend: $25 gift card')).toBeInTheDocument();
  expect(within(preview).getByText('Demo Insurance Agency')).toBeInTheDocument();
  await waitFor(() => expect(submit).toBeEnabled());
  await userEvent.click(submit);
  await waitFor(() => expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ products: ['Auto'], referralBonus: '$25 gift card', logo: null })));
  expect(toasts).toContain('Mobile App settings were saved.');
  expect(await screen.findByRole('button', { name: 'Update' })).toBeDisabled();
});

test('an update that fails says so in the catalogue words; Clear empties the form', async () => {
  api.get.mockResolvedValue(saved);
  api.update.mockRejectedValue(new ApiRequestError('The logo is too large', 400));
  render(<MobileAppPage />);
  await screen.findByRole('button', { name: 'Update' });
  await fill('Referral Bonus', '$50 gift card');
  await userEvent.click(screen.getByRole('button', { name: 'Update' }));
  await waitFor(() => expect(toasts).toContain('Unable to update mobile app settings: The logo is too large'));
  await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
  expect(screen.getByLabelText('Referral Bonus')).toHaveValue('');
  expect(await within(screen.getByRole('img', { name: 'Phone preview' })).findByText('No products yet')).toBeInTheDocument();
});
