import type { Subscription } from '@agency/contracts';

type Items = Subscription['items']['data'];

/**
 * The plan a new account is on in the local ledger: the platform fee, then what it uses. Texts and
 * minutes are committed bundles (the first tier's flat amount) with on-demand units beyond them.
 */
export const LOCAL_PLAN: { nickname: string; items: Items } = {
  nickname: 'Agency Essentials',
  items: [
    {
      id: 'si_platform',
      quantity: 1,
      price: {
        id: 'price_platform',
        product: { name: 'Agency Desk platform' },
        billing_scheme: 'per_unit',
        unit_amount_decimal: '9900',
        tiers: null,
        recurring: { interval: 'month', usage_type: 'licensed' },
        meter: null,
      },
    },
    {
      id: 'si_messages',
      quantity: null,
      price: {
        id: 'price_messages',
        product: { name: 'Text messages' },
        billing_scheme: 'tiered',
        unit_amount_decimal: null,
        tiers: [
          { up_to: 1000, flat_amount: 1500, unit_amount_decimal: null },
          { up_to: null, flat_amount: null, unit_amount_decimal: '2.5' },
        ],
        recurring: { interval: 'month', usage_type: 'metered' },
        meter: 'messages',
      },
    },
    {
      id: 'si_minutes',
      quantity: null,
      price: {
        id: 'price_minutes',
        product: { name: 'Call minutes' },
        billing_scheme: 'tiered',
        unit_amount_decimal: null,
        tiers: [
          { up_to: 1000, flat_amount: 2500, unit_amount_decimal: null },
          { up_to: null, flat_amount: null, unit_amount_decimal: '1.8' },
        ],
        recurring: { interval: 'month', usage_type: 'metered' },
        meter: 'minutes',
      },
    },
    {
      id: 'si_numbers',
      quantity: null,
      price: {
        id: 'price_numbers',
        product: { name: 'Phone numbers' },
        billing_scheme: 'per_unit',
        unit_amount_decimal: '150',
        tiers: null,
        recurring: { interval: 'month', usage_type: 'metered' },
        meter: 'phoneNumbers',
      },
    },
  ],
};
