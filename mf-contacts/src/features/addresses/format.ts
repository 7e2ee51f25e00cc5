import { ADDRESS_TYPES, type Address } from '@agency/contracts';

/** Physical, Mailing, Previous, Other: always in that order. */
export const sortAddresses = (list: Address[]) => [...list].sort((a, b) => ADDRESS_TYPES.indexOf(a.type) - ADDRESS_TYPES.indexOf(b.type));

export const addressLines = (a: Pick<Address, 'address' | 'address2' | 'city' | 'state' | 'zipcode'>) => {
  const cityLine = [a.city, [a.state, a.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.address, a.address2, cityLine].filter(Boolean) as string[];
};

/** A maps search for the address parts, opened in a new tab. */
export const mapsUrl = (a: Pick<Address, 'address' | 'address2' | 'city' | 'state' | 'zipcode'>) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLines(a).join(', '))}`;
