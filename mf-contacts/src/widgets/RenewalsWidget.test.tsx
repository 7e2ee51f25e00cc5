import { screen } from '@testing-library/react';
import { hostControls } from '@agency/bus';
import type { RenewalFigures, Session } from '@agency/contracts';
import { api } from '@agency/api-client';
import { renderWith } from '../test/render';
import { RenewalsWidget } from './RenewalsWidget';

jest.mock('@agency/api-client', () => ({
  api: { get: jest.fn() },
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));

const ACCOUNT = '00000000-0000-4000-8000-000000000001';
const get = api.get as jest.Mock;
const figures: RenewalFigures = { month: '11/2026', due: 12, contacted: 7, quoted: 4, renewed: 3, lost: 1, retentionRate: 75 };
const asRole = (role: string) => hostControls().setSession({ account: { id: ACCOUNT }, user: { role } } as Session);

afterEach(() => hostControls().setSession(null));

describe('the Renewals widget', () => {
  it("shows the account's figures for this month to an owner, with the retention rate", async () => {
    asRole('owner');
    get.mockResolvedValue({ data: figures });
    renderWith(<RenewalsWidget />);
    expect(await screen.findByLabelText('Due this month: 12')).toBeInTheDocument();
    expect(screen.getByLabelText('Contacted: 7')).toBeInTheDocument();
    expect(screen.getByLabelText('Renewed: 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Lost: 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Retention rate: 75%')).toBeInTheDocument();
    expect(screen.getByText('Renewals')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Renewals' })).toHaveAttribute('href', '/renewals');
    expect(get).toHaveBeenCalledWith(`/accounts/${ACCOUNT}/renewals/figures`);
  });

  it('calls them the employee’s own, and shows no rate before any renewal is decided', async () => {
    asRole('employee');
    get.mockResolvedValue({ data: { ...figures, renewed: 0, lost: 0, retentionRate: null } });
    renderWith(<RenewalsWidget />);
    expect(await screen.findByLabelText('Retention rate: -')).toBeInTheDocument();
    expect(screen.getByText('My Renewals')).toBeInTheDocument();
  });

  it('says when the figures cannot be had', async () => {
    asRole('owner');
    get.mockRejectedValue(new Error('Network Error'));
    renderWith(<RenewalsWidget />);
    expect(await screen.findByText('Unable to load renewals: Network Error')).toBeInTheDocument();
  });
});
