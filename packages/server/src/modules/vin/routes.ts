import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vinLookupSchema } from '@agency/contracts';
import type { AppDeps } from '../../app';
import { HttpError } from '../../http/errors';
import { createVinDecoder, type VinDecoder } from '../../providers/vin/index';

/** GET /utilities/lookup/vin/{vin}: year, make and model, or 422 with the reason. */
export async function vinRoutes(app: FastifyInstance, _deps: AppDeps, decoder: VinDecoder = createVinDecoder()) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/utilities/lookup/vin/:vin',
    {
      schema: { tags: ['utilities'], params: z.object({ vin: z.string().trim().min(1).max(40) }), response: { 200: vinLookupSchema } },
    },
    async (req) => {
      try {
        return await decoder.decode(req.params.vin);
      } catch (err) {
        throw new HttpError(422, err instanceof Error ? err.message : 'VIN not recognised');
      }
    },
  );
}
