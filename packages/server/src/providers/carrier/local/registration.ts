import { randomBytes } from 'node:crypto';
import { evaluateProfile, reviewProfile } from '../../registration/local';
import type { RegistrationCarrier } from '../registration';

/** A carrier-style id: a two-letter prefix and 32 hex digits. */
const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/**
 * The local carrier's registration desk: a filing waits its turn, is taken into review, and is
 * decided by the checks carriers really make (../../registration/local), one step each time the
 * app asks, so the whole lifecycle (and a refusal and its fix) plays out here.
 */
export function createLocalRegistration(): RegistrationCarrier {
  return {
    async fileProfile(filing) {
      const failures = evaluateProfile(filing);
      return failures.length ? { sid: null, failures } : { sid: sid('BU'), failures: [] };
    },
    async profileReview(_sid, filing, known) {
      if (known === 'pending-review') return { state: 'in-review' };
      const failures = reviewProfile(filing);
      return failures.length ? { state: 'rejected', failures } : { state: 'approved' };
    },
    async fileBrand() {
      return { sid: sid('BN'), failures: [] };
    },
    async brandReview() {
      return { state: 'approved' };
    },
  };
}
