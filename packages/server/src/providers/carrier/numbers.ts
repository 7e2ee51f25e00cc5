/** The agency's phone numbers at the carrier (spec 002 "Phone Numbers"). */
export interface NumberSearch {
  type: 'local' | 'tollfree';
  criteria: 'number' | 'areacode' | 'city' | 'state' | 'zipcode';
  search: string;
  matchTo: 'first' | 'any' | 'last';
}

export interface AvailableNumber {
  phoneNumber: string;
  friendlyName: string;
  locality?: string;
  region?: string;
  postalCode?: string;
}

export interface NumberHooks {
  /** Inbound texts to this number are posted here. */
  smsUrl: string;
  /** Inbound calls to this number are posted here. */
  voiceUrl: string;
}

/** A number under the carrier account: its SID and its digits (1 + 10 for US numbers). */
export interface CarrierNumber {
  sid: string;
  phoneNumber: string;
}

/** Where a port stands at the carrier. */
export type PortState = { state: 'pending' } | { state: 'completed'; number: CarrierNumber } | { state: 'rejected'; reason: string };

/**
 * The numbers an agency holds are the carrier's to say: `owner` is the agency (our account id),
 * which the local carrier keeps as its customer; Twilio knows only the one carrier account
 * (`accountSid`) the platform's numbers live under.
 */
export interface NumberCarrier {
  /** The carrier account our numbers are under; inbound webhooks name it (AccountSid). */
  readonly accountSid: string;
  searchNumbers(search: NumberSearch): Promise<AvailableNumber[]>;
  purchaseNumber(phoneNumber: string, hooks: NumberHooks, owner: string): Promise<CarrierNumber>;
  releaseNumber(sid: string): Promise<void>;
  /** The number with this SID under the carrier account (held for `owner`, where the carrier knows), or null. */
  lookupNumber(sid: string, owner: string): Promise<CarrierNumber | null>;
  /** The number under the carrier account with these digits, or null: what the carrier says owns it. */
  findNumber(phoneNumber: string): Promise<CarrierNumber | null>;
  /** Points the number's inbound texts and calls at these URLs. */
  setNumberHooks(sid: string, hooks: NumberHooks): Promise<void>;
  /** Files a port of these numbers in for `owner` (the LOA and bill are kept by the app). */
  requestPort(phoneNumbers: string[], owner: string): Promise<void>;
  /** How the port of one number for `owner` stands. */
  portState(phoneNumber: string, owner: string): Promise<PortState>;
}
