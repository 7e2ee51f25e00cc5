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

export interface NumberCarrier {
  searchNumbers(search: NumberSearch): Promise<AvailableNumber[]>;
  purchaseNumber(phoneNumber: string, hooks: NumberHooks): Promise<{ sid: string; phoneNumber: string }>;
  releaseNumber(sid: string): Promise<void>;
}
