import { fireEvent, screen } from '@testing-library/react';
import { bus, type DialRequest } from '@agency/bus';
import { emptyFull, renderWith } from '../../test/render';
import { ContactCard } from './ContactCard';
import { personOf } from './person';
import { visibleEditTabs, visibleRecordTabs } from './gathering';

jest.mock('@agency/api-client', () => ({ clientsApi: { reveal: jest.fn() }, errorMessage: (e: unknown) => String(e) }));

describe('the contact card', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date(2026, 5, 15, 12), doNotFake: ['queueMicrotask', 'setImmediate', 'setTimeout', 'setInterval'] });
  });
  afterEach(() => jest.useRealTimers());

  it('shows the age rounded to the nearest quarter year', () => {
    const full = emptyFull({ dob: '**/**/1986', age: 40.25, gender: 'Female', email: 'ada@example.com', mobilePhone: '15125550142' });
    renderWith(<ContactCard clientId={full.client.id} level="primary" person={personOf(full.client, 'primary')} onAction={jest.fn()} canSplit={false} />);
    expect(screen.getByText('Age 40.25')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Born in 1986' })).toBeInTheDocument();
    expect(screen.getByText('+1-512-555-0142')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Call Ada Lovelace mobile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy ada@example.com' })).toBeInTheDocument();
  });

  it("calls a number for the card's client: the phone gets the client id with the number", () => {
    const full = emptyFull({ mobilePhone: '5125550142' });
    const asked: DialRequest[] = [];
    const sub = bus.dial$.subscribe((r) => asked.push(r));
    renderWith(<ContactCard clientId={full.client.id} level="primary" person={personOf(full.client, 'primary')} onAction={jest.fn()} canSplit={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Call Ada Lovelace mobile' }));
    sub.unsubscribe();
    expect(asked).toEqual([{ to: '15125550142', name: 'Ada Lovelace', clientId: full.client.id }]);
  });

  it('shows Deceased instead of the status, with the age at the death date', () => {
    const full = emptyFull({ dob: '**/**/1950', age: 50.5, dod: '07/02/2000', status: 'Married' });
    renderWith(<ContactCard clientId={full.client.id} level="primary" person={personOf(full.client, 'primary')} onAction={jest.fn()} canSplit={false} />);
    expect(screen.getByText('Deceased')).toBeInTheDocument();
    expect(screen.queryByText('Married')).not.toBeInTheDocument();
    expect(screen.getByText('Age 50.5')).toBeInTheDocument();
  });

  it('reads the co-applicant from the co fields', () => {
    const full = emptyFull({ coFirstName: 'Charles', coLastName: 'Babbage', coStatus: 'Married', age: 40, coAge: 61.75 } as never);
    renderWith(<ContactCard clientId={full.client.id} level="secondary" person={personOf(full.client, 'secondary')} onAction={jest.fn()} canSplit />);
    expect(screen.getByTestId('name-secondary')).toHaveTextContent('Charles Babbage');
    expect(screen.getByText('Age 61.75')).toBeInTheDocument();
    expect(screen.getByText('Married')).toBeInTheDocument();
  });
});

describe('gathering forms', () => {
  it('shows each record tab but Extra only when the setting includes it or all', () => {
    expect(visibleRecordTabs('address,policy').map((t) => t.key)).toEqual(['address', 'policy', 'extra']);
    expect(visibleRecordTabs('all')).toHaveLength(9);
    expect(visibleRecordTabs('paymentMethods').map((t) => t.key)).toEqual(['payment', 'extra']);
    expect(visibleRecordTabs('').map((t) => t.key)).toEqual(['extra']);
    expect(visibleEditTabs('auto,life')).toEqual(['general', 'auto', 'life']);
  });
});

describe('the rating stars', () => {
  it("show the person's rating as read-only stars", () => {
    const full = emptyFull();
    renderWith(
      <ContactCard clientId={full.client.id} level="primary" person={personOf(full.client, 'primary')} onAction={jest.fn()} canSplit={false} rating={4} />,
    );
    const stars = screen.getByRole('img', { name: 'Rated 4 of 5' });
    expect(stars.querySelectorAll('[data-full]')).toHaveLength(4);
    // a picture, not a control: nothing in it takes focus or is a radio button
    expect(stars.querySelectorAll('[tabindex], [role="radio"]')).toHaveLength(0);
  });

  it("show empty stars saying 'No rating yet' when the person has no answered review", () => {
    const full = emptyFull();
    renderWith(
      <ContactCard clientId={full.client.id} level="primary" person={personOf(full.client, 'primary')} onAction={jest.fn()} canSplit={false} rating={null} />,
    );
    const stars = screen.getByRole('img', { name: 'No rating yet' });
    expect(stars.querySelectorAll('[data-full]')).toHaveLength(0);
  });

  it('show nothing while the rating loads', () => {
    const full = emptyFull();
    renderWith(<ContactCard clientId={full.client.id} level="primary" person={personOf(full.client, 'primary')} onAction={jest.fn()} canSplit={false} />);
    expect(screen.queryByTestId('rating-stars')).not.toBeInTheDocument();
  });
});
