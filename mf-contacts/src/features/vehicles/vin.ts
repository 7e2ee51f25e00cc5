import { HULL_ID_LENGTH, VIN_LENGTH, VIN_WARNING } from '@agency/contracts';

/** VIN and hull id length warnings: most VINs have 17 characters, most hull ids 12. */
export const HULL_WARNING = 'Most Hull IDs are 12 characters long';

export function vinWarning(value: string | null | undefined, water: boolean): string | null {
  const length = (value ?? '').trim().length;
  if (water) return length > 0 && length < HULL_ID_LENGTH ? HULL_WARNING : null;
  return length > 0 && length < VIN_LENGTH ? VIN_WARNING : null;
}

/** A lookup is worth asking only for a full-length VIN, or a full-length hull id on water craft. */
export const canLookUpVin = (value: string | null | undefined, water: boolean) => (value ?? '').trim().length === (water ? HULL_ID_LENGTH : VIN_LENGTH);
