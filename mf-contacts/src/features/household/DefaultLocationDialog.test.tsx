import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hostControls } from '@agency/bus';
import type { PhoneNumber, Session } from '@agency/contracts';
import { clientsApi, phonesApi } from '@agency/api-client';
import { collectToasts, emptyFull, renderWith } from '../../test/render';
import { DefaultLocationDialog } from './DefaultLocationDialog';

jest.mock('@agency/api-client', () => ({
  clientsApi: { update: jest.fn() },
  phonesApi: { list: jest.fn() },
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));

const ACCOUNT = '00000000-0000-4000-8000-000000000001';
const phone = (id: string, friendlyName: string, location: string | null): PhoneNumber => ({
  id: `00000000-0000-4000-b000-00000000000${id}`,
  sid: null,
  phoneNumber: `1512555000${id}`,
  friendlyName,
  location: location ? { id: `00000000-0000-4000-a000-00000000000${id}`, name: location } : null,
  messagingServiceSid: null,
  isDefault: false,
  status: 'in-use',
  origin: 'purchased',
});
const AUSTIN = phone('1', 'Austin Main', 'Austin');
const ROUND_ROCK = phone('2', 'Round Rock Main', 'Round Rock');
const SPARE = phone('3', 'Spare Line', null);

const list = phonesApi.list as jest.Mock;
const update = clientsApi.update as jest.Mock;

beforeEach(() => {
  hostControls().setSession({ account: { id: ACCOUNT } } as Session);
  list.mockResolvedValue([ROUND_ROCK, SPARE, AUSTIN]);
  update.mockReset().mockResolvedValue({});
});
afterEach(() => hostControls().setSession(null));

/** The labels of the open select list's options. */
const options = () => [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map((o) => o.getAttribute('title'));

describe('Update Default Location', () => {
  it("offers only the account's phone numbers that have a location, by location and friendly name, and saves the choice", async () => {
    const user = userEvent.setup();
    const toasts = collectToasts();
    renderWith(<DefaultLocationDialog open onClose={jest.fn()} />, { full: emptyFull() });
    // the dialog's code loads as it is first drawn
    expect(await screen.findByRole('dialog', { name: 'Update Default Location' })).toBeInTheDocument();
    await waitFor(() => expect(list).toHaveBeenCalledWith(ACCOUNT));
    await user.click(screen.getByLabelText('Default Location'));
    await waitFor(() => expect(options()).toEqual(['Austin - Austin Main', 'Round Rock - Round Rock Main']));
    expect(screen.queryByText(/Spare Line/)).not.toBeInTheDocument();
    await user.click(screen.getByTitle('Round Rock - Round Rock Main'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(emptyFull().client.id, { accountPhone: ROUND_ROCK.id }));
    expect(toasts.toasts.map((t) => t.message)).toEqual(['Client updated']);
    toasts.stop();
  });

  it('Clear empties the choice (saved as an empty string) and Reset brings back the current one', async () => {
    const user = userEvent.setup();
    renderWith(<DefaultLocationDialog open onClose={jest.fn()} />, { full: emptyFull({ accountPhone: AUSTIN.id }) });
    const dialog = await screen.findByRole('dialog', { name: 'Update Default Location' });
    await waitFor(() => expect(within(dialog).getByText('Austin - Austin Main')).toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(within(dialog).queryByText('Austin - Austin Main')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(within(dialog).getByText('Austin - Austin Main')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(emptyFull().client.id, { accountPhone: '' }));
  });

  it("reports a failed save with the catalogue's wording and stays open", async () => {
    const user = userEvent.setup();
    const toasts = collectToasts();
    const onClose = jest.fn();
    update.mockRejectedValue(new Error('Default location phone must have a location'));
    renderWith(<DefaultLocationDialog open onClose={onClose} />, { full: emptyFull({ accountPhone: AUSTIN.id }) });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.toasts.map((t) => t.message)).toEqual(['Unable to update contact: Default location phone must have a location']));
    expect(onClose).not.toHaveBeenCalled();
    toasts.stop();
  });
});
