import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app';
import { isValidWebhook, SIGNATURE_HEADER } from '../providers/carrier/index';
import { forbidden } from './errors';

/**
 * A carrier webhook's form, once its X-Twilio-Signature checks out against our public URL; an
 * unsigned or wrongly signed request gets 403 and changes nothing.
 */
export function verifiedCarrierParams(deps: AppDeps, req: FastifyRequest): Record<string, string> {
  const params = (req.body ?? {}) as Record<string, string>;
  const signature = req.headers[SIGNATURE_HEADER];
  const url = `${deps.carrier.publicUrl}${req.url}`;
  if (!isValidWebhook(deps.carrier.webhookToken, Array.isArray(signature) ? signature[0] : signature, url, params)) throw forbidden('Invalid signature');
  return params;
}
