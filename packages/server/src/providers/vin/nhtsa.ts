import type { VinLookup } from '@agency/contracts';
import type { VinDecoder } from './index';
import { createLocalVinDecoder } from './local';

/** NHTSA's public vPIC decoder, for deployments with network access (VIN_PROVIDER=nhtsa). Hull ids stay local. */
export function createNhtsaVinDecoder(base = 'https://vpic.nhtsa.dot.gov/api/vehicles'): VinDecoder {
  const local = createLocalVinDecoder();
  return {
    async decode(vin: string): Promise<VinLookup> {
      const v = vin.trim().toUpperCase();
      if (v.length !== 17) return local.decode(v);
      const res = await fetch(`${base}/DecodeVinValues/${encodeURIComponent(v)}?format=json`, { signal: AbortSignal.timeout(8000) });
      if (!res.ok) throw new Error(`lookup service answered ${res.status}`);
      const body = (await res.json()) as { Results?: Array<{ ModelYear?: string; Make?: string; Model?: string; ErrorCode?: string; ErrorText?: string }> };
      const r = body.Results?.[0];
      if (!r || (!r.Make && !r.ModelYear)) throw new Error(r?.ErrorText || 'VIN not recognised');
      return { vin: v, year: r.ModelYear ? Number(r.ModelYear) : null, make: r.Make || null, model: r.Model || null };
    },
  };
}
