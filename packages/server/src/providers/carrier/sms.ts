/** Texting through the carrier (spec 001 "SMS message"). */
export interface OutboundText {
  /** The agency's number, E.164 (+15125550100). */
  from: string;
  /** The client's number, E.164. */
  to: string;
  body: string;
  /** Public URLs of MMS images. */
  mediaUrls?: string[];
  /** Where the carrier posts queued, sent, delivered, undelivered or failed for this text. */
  statusCallback: string;
  /** Stable across retries of one text: the carrier hands a key to the network once. */
  idempotencyKey: string;
}

export interface SentText {
  /** The carrier's message SID (SM...), known as soon as the text is accepted. */
  sid: string;
  status: 'queued' | 'accepted';
}

/** Where a text stands at the carrier, as its status callbacks would have said. */
export interface CarrierTextStatus {
  status: 'queued' | 'accepted' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'received' | 'read' | 'canceled' | 'scheduled';
  errorCode?: string | null;
}

/** A picture of an inbound text, as the carrier keeps it. */
export interface CarrierMedia {
  data: Buffer;
  type: string;
}

export interface SmsCarrier {
  sendText(text: OutboundText): Promise<SentText>;
  /**
   * The bytes of a picture an inbound text carried, fetched from the carrier with its credentials;
   * null when the address is not the carrier's own or cannot be fetched. Never larger than `maxBytes`.
   */
  fetchMedia(url: string, maxBytes: number): Promise<CarrierMedia | null>;
  /** Asks the carrier where a text stands (for callbacks lost while the app was down); null when unknown. */
  textStatus(sid: string): Promise<CarrierTextStatus | null>;
}
