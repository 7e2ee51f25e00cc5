/** 'otherAuto' → 'Other Auto', 'bumperPull' → 'Bumper Pull', 'SXS' stays 'SXS'. */
export function labelOf(value: string): string {
  if (/^[A-Z0-9]+$/.test(value)) return value;
  const spaced = value.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
