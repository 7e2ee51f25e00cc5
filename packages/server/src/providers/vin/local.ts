import type { VinLookup } from '@agency/contracts';
import type { VinDecoder } from './index';

/**
 * An offline decoder: validates the VIN (characters and, for North American VINs, the check
 * digit), reads the model year from position 10 and the maker from the world manufacturer
 * identifier, and the model from a small table of common line codes. Hull ids (12 characters)
 * give their model year and, for known builders, the make.
 */
const WMI: Record<string, string> = {
  '1FA': 'Ford',
  '1FB': 'Ford',
  '1FC': 'Ford',
  '1FD': 'Ford',
  '1FM': 'Ford',
  '1FT': 'Ford',
  '1FU': 'Freightliner',
  '1FV': 'Freightliner',
  '1G1': 'Chevrolet',
  '1GC': 'Chevrolet',
  '1GN': 'Chevrolet',
  '1GB': 'Chevrolet',
  '1G6': 'Cadillac',
  '1GT': 'GMC',
  '1GK': 'GMC',
  '1G4': 'Buick',
  '1HG': 'Honda',
  '1HD': 'Harley-Davidson',
  '1J4': 'Jeep',
  '1C4': 'Chrysler',
  '1C3': 'Chrysler',
  '1C6': 'Ram',
  '1D7': 'Dodge',
  '1B3': 'Dodge',
  '1N4': 'Nissan',
  '1N6': 'Nissan',
  '1VW': 'Volkswagen',
  '1YV': 'Mazda',
  '1ZV': 'Ford',
  '19U': 'Acura',
  '19X': 'Honda',
  '2C3': 'Chrysler',
  '2FA': 'Ford',
  '2FM': 'Ford',
  '2FT': 'Ford',
  '2G1': 'Chevrolet',
  '2GC': 'Chevrolet',
  '2HG': 'Honda',
  '2HK': 'Honda',
  '2T1': 'Toyota',
  '2T3': 'Toyota',
  '3FA': 'Ford',
  '3GC': 'Chevrolet',
  '3HG': 'Honda',
  '3N1': 'Nissan',
  '3VW': 'Volkswagen',
  '3TM': 'Toyota',
  '4S3': 'Subaru',
  '4S4': 'Subaru',
  '4T1': 'Toyota',
  '4T3': 'Toyota',
  '4T4': 'Toyota',
  '4JG': 'Mercedes-Benz',
  '4US': 'BMW',
  '5FN': 'Honda',
  '5J6': 'Honda',
  '5N1': 'Nissan',
  '5NP': 'Hyundai',
  '5TD': 'Toyota',
  '5TF': 'Toyota',
  '5UX': 'BMW',
  '5YJ': 'Tesla',
  '5XY': 'Kia',
  JHM: 'Honda',
  JH4: 'Acura',
  JM1: 'Mazda',
  JN1: 'Nissan',
  JN8: 'Nissan',
  JT2: 'Toyota',
  JT3: 'Toyota',
  JTD: 'Toyota',
  JTE: 'Toyota',
  JTH: 'Lexus',
  JTJ: 'Lexus',
  JF1: 'Subaru',
  JF2: 'Subaru',
  JYA: 'Yamaha',
  JKA: 'Kawasaki',
  JS1: 'Suzuki',
  KM8: 'Hyundai',
  KMH: 'Hyundai',
  KNA: 'Kia',
  KND: 'Kia',
  SAL: 'Land Rover',
  SAJ: 'Jaguar',
  WBA: 'BMW',
  WBS: 'BMW',
  WDB: 'Mercedes-Benz',
  WDD: 'Mercedes-Benz',
  WAU: 'Audi',
  WA1: 'Audi',
  WVW: 'Volkswagen',
  WVG: 'Volkswagen',
  WP0: 'Porsche',
  WP1: 'Porsche',
  YV1: 'Volvo',
  YV4: 'Volvo',
  ZFF: 'Ferrari',
  ZAR: 'Alfa Romeo',
  '4V4': 'Volvo',
  '1M8': 'Motor Coach Industries',
  '4UZ': 'Freightliner',
  '1NK': 'Kenworth',
  '1XP': 'Peterbilt',
  '4X4': 'Forest River',
  '1UJ': 'Jayco',
  '5SF': 'Forest River',
  '47C': 'Winnebago',
};

/** WMI + positions 4 and 5 → model, for common lines. */
const LINES: Record<string, string> = {
  '1HGCM': 'Accord',
  '1HGCG': 'Accord',
  '1HGCP': 'Accord',
  '1HGCV': 'Accord',
  '2HGFC': 'Civic',
  '2HGFB': 'Civic',
  '19XFC': 'Civic',
  '5FNRL': 'Odyssey',
  '5J6RM': 'CR-V',
  '2HKRM': 'CR-V',
  '4T1BF': 'Camry',
  '4T1BK': 'Avalon',
  '4T1B1': 'Camry',
  '2T1BU': 'Corolla',
  '2T1BR': 'Corolla',
  '5TDZA': 'Sienna',
  '5TFDW': 'Tundra',
  '1FTFW': 'F-150',
  '1FTEW': 'F-150',
  '1FTFX': 'F-150',
  '1FMCU': 'Escape',
  '1FA6P': 'Mustang',
  '1GCVK': 'Silverado',
  '1GCUY': 'Silverado',
  '1GNSK': 'Tahoe',
  '1G1ZD': 'Malibu',
  '5YJ3E': 'Model 3',
  '5YJSA': 'Model S',
  '5YJYG': 'Model Y',
  '1N4AL': 'Altima',
  '1N4BL': 'Altima',
  '3N1AB': 'Sentra',
  '4S4BS': 'Outback',
  '4S3BN': 'Legacy',
  JF2SK: 'Forester',
};

const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const TRANSLIT: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = vin[i];
    const value = /\d/.test(ch) ? Number(ch) : TRANSLIT[ch];
    sum += value * WEIGHTS[i];
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

export function modelYear(vin: string): number | null {
  const idx = YEAR_CODES.indexOf(vin[9]);
  if (idx < 0) return null;
  const early = 1980 + idx;
  // Position 7 alphabetic marks the 2010-2039 cycle for cars and light trucks.
  const late = early + 30;
  return /[A-Z]/.test(vin[6]) ? late : early;
}

/** Hull id builders (manufacturer identification codes). */
const MIC: Record<string, string> = {
  BRB: 'Bayliner',
  SER: 'Sea Ray',
  BWC: 'Boston Whaler',
  YAM: 'Yamaha',
  GNR: 'Grady-White',
  CTB: 'Chaparral',
  KAW: 'Kawasaki',
  SEA: 'Sea-Doo',
  TRK: 'Tracker',
  LND: 'Lund',
  MAL: 'Malibu',
  MCB: 'MasterCraft',
  RGM: 'Regal',
  ALU: 'Alumacraft',
  CBC: 'Crestliner',
  GEN: 'Genmar',
};

function decodeHull(hin: string): VinLookup {
  if (!/^[A-Z]{3}[A-Z0-9]{5}[A-L]\d{3}$/.test(hin)) throw new Error('Hull ids are 12 characters: builder code, serial, month letter and years');
  const yy = Number(hin.slice(10, 12));
  const now = new Date().getFullYear() % 100;
  return { vin: hin, year: yy <= now + 1 ? 2000 + yy : 1900 + yy, make: MIC[hin.slice(0, 3)] ?? null, model: null };
}

export function createLocalVinDecoder(): VinDecoder {
  return {
    async decode(raw: string): Promise<VinLookup> {
      const vin = raw.trim().toUpperCase();
      if (vin.length === 12) return decodeHull(vin);
      if (vin.length !== 17) throw new Error('VINs are 17 characters long');
      if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) throw new Error('VINs use digits and letters other than I, O and Q');
      if ('12345'.includes(vin[0]) && vinCheckDigit(vin) !== vin[8]) throw new Error('the check digit does not match, please check the VIN');
      const make = WMI[vin.slice(0, 3)] ?? null;
      const year = modelYear(vin);
      if (!make) throw new Error('VIN not recognised');
      return { vin, year, make, model: LINES[vin.slice(0, 5)] ?? null };
    },
  };
}
