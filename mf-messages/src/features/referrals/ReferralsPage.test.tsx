import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReferralRow } from '@agency/contracts';
import { referralsApi } from '@agency/api-client';
import { renderAt } from '../../test/render';
import { ReferralsPage } from './ReferralsPage';

jest.mock('@agency/api-client', () => ({ referralsApi: { list: jest.fn() } }));
const list = referralsApi.list as jest.Mock;

const row = (n: number, over: Partial<ReferralRow> = {}): ReferralRow => ({
  id: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
  aflliateOn: '02/10/2025',
  affliateVia: 'Referral',
  affliateContact: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Linda Carter', level: 'secondary' },
  name: `Client ${n}`,
  ...over,
});
const rows = () => screen.getAllByRole('row').slice(1);

beforeEach(() => list.mockReset());

describe('the referrals report', () => {
  it('shows the date, the source, who referred and who was referred; View Client opens the referred client', async () => {
    const user = userEvent.setup();
    list.mockResolvedValue([row(1), row(2, { affliateContact: null, aflliateOn: null, affliateVia: 'Google' })]);
    renderAt(<ReferralsPage />, '/report/referrals');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(list).toHaveBeenCalledWith({ page: 1, limit: 10 });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Referral Date', 'Via', 'Referral', 'Referred', '']);
    const [first, second] = rows();
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['02/10/2025', 'Referral', 'Linda Carter', 'Client 1', 'View Client']);
    expect(
      within(second)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', 'Google', '', 'Client 2', 'View Client']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(within(first).getByRole('link', { name: 'View Client Client 1' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/contacts/contact/${row(1).id}`);
  });

  it('pages without a total: Next while pages are full, disabled on a short one, Previous back', async () => {
    const user = userEvent.setup();
    list.mockImplementation(({ page, limit }: { page: number; limit: number }) =>
      Promise.resolve(Array.from({ length: page < 3 ? limit : 1 }, (_, i) => row(page * 10 + i))),
    );
    renderAt(<ReferralsPage />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 2, limit: 10 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 2, limit: 10 }));
    await waitFor(() => expect(rows()).toHaveLength(10));
  });

  it('says so when there are no referrals', async () => {
    list.mockResolvedValue([]);
    renderAt(<ReferralsPage />);
    expect(await screen.findByText('No referrals found')).toBeInTheDocument();
  });
});
