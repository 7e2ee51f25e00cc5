import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App as AntApp, Form } from 'antd';
import { bus, type ToastRequest } from '@agency/bus';
import type { ClientFull } from '@agency/contracts';
import { ContactProvider } from '../features/detail/ContactContext';

/** Renders inside a router and antd's App, optionally inside a Form and a contact. */
export function renderWith(ui: ReactNode, opts: { form?: boolean; full?: ClientFull; path?: string } = {}) {
  let node = ui;
  if (opts.form) node = <Form layout="vertical">{node}</Form>;
  if (opts.full) node = <ContactProvider value={{ id: opts.full.client.id, full: opts.full, reload: async () => undefined }}>{node}</ContactProvider>;
  return render(
    <MemoryRouter initialEntries={[opts.path ?? '/']}>
      <AntApp>{node}</AntApp>
    </MemoryRouter>,
  );
}

/** Collects the toasts sent through the bus while a test runs. */
export function collectToasts() {
  const toasts: ToastRequest[] = [];
  const sub = bus.toast$.subscribe((t) => toasts.push(t));
  return { toasts, stop: () => sub.unsubscribe() };
}

const CLIENT_ID = '00000000-0000-4000-8000-0000000000c1';

/** A contact with nothing but a name, for component tests. */
export function emptyFull(overrides: Partial<ClientFull['client']> = {}): ClientFull {
  const person = {
    companyName: null,
    firstName: null,
    preferredFirstName: null,
    lastName: null,
    suffix: null,
    status: null,
    email: null,
    phone: null,
    mobilePhone: null,
    gender: null,
    ssn: null,
    dob: null,
    dod: null,
    height: null,
    weight: null,
    militaryStatus: null,
    income: null,
    occupation: null,
    occupationHireDate: null,
    employerName: null,
    businessType: null,
    employees: null,
    dlId: null,
    dlState: null,
    smoker: null,
    taxNumClaimed: null,
    healthHistory: null,
    lifePreferredBenefitAmount: null,
    lifeMonthlyPremiumBudget: null,
    healthNetwork: null,
    healthMemberId: null,
    healthPlanName: null,
    healthMonthlyPremium: null,
    doctors: [] as string[],
    rx: [] as string[],
    healthMBI: null,
    healthMedicaid: null,
    immigrant: null,
    immigrantCardNumber: null,
    immigrantCardExpiration: null,
  };
  const co = Object.fromEntries(
    Object.entries(person).map(([k, v]) => [k === 'ssn' ? 'coSSN' : k === 'dob' ? 'coDOB' : k === 'dod' ? 'coDOD' : `co${k[0].toUpperCase()}${k.slice(1)}`, v]),
  );
  return {
    client: {
      id: CLIENT_ID,
      ...person,
      ...co,
      firstName: 'Ada',
      lastName: 'Lovelace',
      householdGrossIncome: null,
      managedBy: null,
      managedOn: null,
      extended: null,
      accountPhone: null,
      location: null,
      optOut: [],
      affliateVia: null,
      affliateContact: null,
      affliateContactLevel: null,
      aflliateOn: null,
      lastContactedOn: null,
      hasDual: false,
      age: null,
      coAge: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      ...overrides,
    } as ClientFull['client'],
    summary: { policies: 0, policyPremiums: 0, lastContact: null, createdAt: '2026-01-01T00:00:00.000Z', managedBy: null, referredBy: null, location: null },
    isFavorite: false,
    addresses: [],
    dependents: [],
    policies: [],
    quotes: [],
    paymentMethods: [],
    miscItems: [],
    links: [],
    tags: [],
    stickies: [],
    followUps: [],
  };
}
