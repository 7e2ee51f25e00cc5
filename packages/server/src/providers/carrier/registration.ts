import type { BrandView, RegistrationAddress, RegistrationBusiness, RegistrationFailure, RegistrationRep } from '@agency/contracts';

/**
 * A location's registration for texting at the carrier (A2P 10DLC): its business profile (a
 * secondary customer profile in Twilio's Trust Hub) and then its brand. Both are reviewed by the
 * carrier over time; the app asks how a review stands until it ends (the registration job).
 */
export interface ProfileFiling {
  /** What the carrier shows the profile as (the location's name). */
  friendlyName: string;
  /** Where the carrier sends its notices about the review (the account's e-mail). */
  email: string;
  address: RegistrationAddress;
  business: RegistrationBusiness;
  rep1: RegistrationRep;
  rep2: RegistrationRep | null;
}

export interface BrandFiling {
  friendlyName: string;
  email: string;
  /** The approved business profile the brand is for. */
  profileSid: string;
  brandType: NonNullable<BrandView['brandType']>;
  stockExchange: string | null;
  stockTicker: string | null;
}

/** A filing accepted for review (its sid), or refused by the carrier's own evaluation before any review. */
export type Filed = { sid: string; failures: [] } | { sid: null; failures: RegistrationFailure[] };

/** Where a review stands: still waiting, being reviewed, or decided. */
export type ReviewState = { state: 'pending-review' } | { state: 'in-review' } | { state: 'approved' } | { state: 'rejected'; failures: RegistrationFailure[] };

export interface RegistrationCarrier {
  /** Files a business profile for review (again after a refusal: a new filing). */
  fileProfile(filing: ProfileFiling): Promise<Filed>;
  /**
   * How the review of a filed profile stands. `filing` is the profile as the app holds it and
   * `known` the state the app last saw (the local carrier reviews from them; Twilio looks it up).
   */
  profileReview(sid: string, filing: ProfileFiling, known: 'pending-review' | 'in-review'): Promise<ReviewState>;
  /** Files the brand of an approved profile for review. */
  fileBrand(filing: BrandFiling): Promise<Filed>;
  /** How the review of a filed brand stands. */
  brandReview(sid: string): Promise<ReviewState>;
}
