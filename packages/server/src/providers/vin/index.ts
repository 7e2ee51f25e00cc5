import type { VinLookup } from '@agency/contracts';
import { createLocalVinDecoder } from './local';
import { createNhtsaVinDecoder } from './nhtsa';

/** Decodes a VIN (17 characters) or a boat hull id (12) into year, make and model. */
export interface VinDecoder {
  /** Rejects with an Error whose message says why the number could not be decoded. */
  decode(vin: string): Promise<VinLookup>;
}

/** The local decoder is the default (no network); VIN_PROVIDER=nhtsa asks NHTSA's vPIC service. */
export function createVinDecoder(env: NodeJS.ProcessEnv = process.env): VinDecoder {
  return env.VIN_PROVIDER === 'nhtsa' ? createNhtsaVinDecoder() : createLocalVinDecoder();
}
