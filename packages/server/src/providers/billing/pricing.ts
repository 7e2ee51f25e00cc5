import type { Price } from '@agency/contracts';

/*
 * Money in integer cents. Prices may carry fractions of a cent per unit (unit_amount_decimal "2.5");
 * a line is worked out exactly and rounded once, half up.
 */

/** units x a decimal number of cents, exact, rounded half up to whole cents. */
export function centsTimes(units: number, decimal: string): number {
  if (!/^\d+(\.\d+)?$/.test(decimal)) throw new Error(`not a decimal amount: ${decimal}`);
  const [whole, fraction = ''] = decimal.split('.');
  const scale = 10n ** BigInt(fraction.length);
  const exact = BigInt(whole + fraction) * BigInt(units);
  return Number((exact * 2n + scale) / (2n * scale));
}

/**
 * What a quantity costs at a price. Tiered prices are graduated: each tier prices the units that
 * fall in it; the first tier's flat amount is the plan's commitment and is owed even when nothing
 * was used, a later tier's flat amount once a unit reaches it.
 */
export function priceAmount(price: Pick<Price, 'billing_scheme' | 'unit_amount_decimal' | 'tiers'>, quantity: number): number {
  if (price.billing_scheme === 'per_unit') return centsTimes(quantity, price.unit_amount_decimal ?? '0');
  let total = 0;
  let below = 0;
  for (const [i, tier] of (price.tiers ?? []).entries()) {
    const top = tier.up_to ?? Infinity;
    const units = Math.max(0, Math.min(quantity, top) - below);
    if (tier.flat_amount && (i === 0 || units > 0)) total += tier.flat_amount;
    if (units > 0 && tier.unit_amount_decimal) total += centsTimes(units, tier.unit_amount_decimal);
    below = top;
    if (quantity <= below) break;
  }
  return total;
}

/** Tax on an amount at a rate in basis points (825 = 8.25%), rounded half up. */
export const taxOf = (amount: number, rateBps: number): number => Math.floor((amount * rateBps + 5000) / 10000);

const DAY_MS = 86_400_000;
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The cycle date of a month: the anchor's day, or the month's last day when it has fewer (UTC midnight). */
export function cycleDate(year: number, month: number, anchorDay: number): Date {
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return new Date(Date.UTC(y, m, Math.min(anchorDay, daysIn(y, m))));
}

/** The period that starts at `start` ends a month later, on the anchor's day. */
export function periodEnd(start: Date, anchorDay: number): Date {
  return cycleDate(start.getUTCFullYear(), start.getUTCMonth() + 1, anchorDay);
}

/** The start of the period holding `at`. */
export function periodStartAt(at: Date, anchorDay: number): Date {
  const thisMonth = cycleDate(at.getUTCFullYear(), at.getUTCMonth(), anchorDay);
  return thisMonth.getTime() <= at.getTime() ? thisMonth : cycleDate(at.getUTCFullYear(), at.getUTCMonth() - 1, anchorDay);
}

export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);
export const seconds = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);
