import { screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { followUpsApi, referralsApi, reviewsApi } from '@agency/api-client';
import { hostControls } from '@agency/bus';
import { renderAt } from '../test/render';
import { ServiceReviewsWidget } from './ServiceReviewsWidget';
import { ReferralsWidget, TOP_TITLE } from './ReferralsWidget';
import { ScheduledMessagesWidget } from './ScheduledMessagesWidget';

jest.mock('@agency/api-client', () => ({
  reviewsApi: { totals: jest.fn() },
  referralsApi: { aggregate: jest.fn() },
  followUpsApi: { counts: jest.fn(), bucket: jest.fn() },
}));
const totals = reviewsApi.totals as jest.Mock;
const aggregate = referralsApi.aggregate as jest.Mock;

describe('the Service Reviews widget', () => {
  it('shows reviews, completed, completion (completed / reviews * 100) and the rating', async () => {
    totals.mockResolvedValue({ reviews: 3, completed: 2, rating: 4.5 });
    renderAt(<ServiceReviewsWidget />);
    expect(await screen.findByText('66.67%')).toBeInTheDocument();
    expect(screen.getByTestId('total-reviews')).toHaveTextContent('3');
    expect(screen.getByTestId('total-completed')).toHaveTextContent('2');
    expect(screen.getByTestId('total-average-rating')).toHaveTextContent('4.50');
  });

  it("shows failed totals as '-'", async () => {
    totals.mockRejectedValue(new Error('down'));
    renderAt(<ServiceReviewsWidget />);
    await screen.findByText('Service Reviews');
    for (const id of ['total-reviews', 'total-completed', 'total-completion', 'total-average-rating']) expect(screen.getByTestId(id)).toHaveTextContent('-');
  });
});

describe('the Referrals widget', () => {
  it('lists referrals by source, all time and this month, and the top referring clients', async () => {
    aggregate.mockResolvedValue({
      allTime: { labels: ['Referral', 'Google'], values: [3, 1] },
      thisMonth: { labels: [], values: [] },
      topClients: [{ client: { id: '00000000-0000-4000-8000-0000000000c1', name: 'James Carter' }, count: 3 }],
      asOf: '2026-03-05T15:00:00.000Z',
    });
    renderAt(<ReferralsWidget />);
    expect(await screen.findByText('All Time: 4')).toBeInTheDocument();
    expect(screen.getByText('This Month: 0')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'All Time' })).toHaveTextContent('Referral3Google1');
    expect(screen.getByText(TOP_TITLE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'James Carter' })).toHaveAttribute('href', '/contacts/contact/00000000-0000-4000-8000-0000000000c1');
  });
});

describe('the Scheduled Messages widget', () => {
  it("counts my scheduled texts by bucket and lists a bucket's texts, past due in red", async () => {
    hostControls().setSession({ user: { id: 'me' } } as never);
    const api = followUpsApi as jest.Mocked<typeof followUpsApi>;
    api.counts.mockResolvedValue({ pastDue: 1, today: 0, tomorrow: 2, future: 0 });
    api.bucket.mockResolvedValue([
      {
        id: 'f1',
        date: '2026-11-24T15:00:00.000Z',
        messageAt: '2026-11-24T15:00:00.000Z',
        message: 'Your renewal is due.',
        messageTo: '15125550142',
        client: 'c1',
        clientName: 'James Carter',
        smsRoom: 'r1',
      } as never,
    ]);
    renderAt(<ScheduledMessagesWidget />);
    expect(await screen.findByRole('button', { name: 'Tomorrow 2' })).toBeInTheDocument();
    expect(api.counts).toHaveBeenCalledWith({ assignTo: 'none', createdByUser: 'me' });
    await userEventLib.setup({ delay: null }).click(screen.getByTestId('bucket-pastDue'));
    expect(await screen.findByText('Your renewal is due.')).toBeInTheDocument();
    expect(api.bucket).toHaveBeenCalledWith('pastDue', { assignTo: 'none', createdByUser: 'me' });
    expect(screen.getByRole('link', { name: 'James Carter' })).toHaveAttribute('href', '/messages/r1');
  });
});
