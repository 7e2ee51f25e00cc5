import { XMLParser } from 'fast-xml-parser';

/*
 * The TwiML the local carrier understands: what our call-flow engine answers, read the way
 * Twilio reads it (verbs in order; unknown verbs are skipped, as Twilio would refuse them).
 */
export interface DialTarget {
  kind: 'client' | 'number';
  /** A user id (Client) or an E.164 number (Number). */
  value: string;
  /** Where the carrier posts this leg's 'answered' and 'completed' events (the noun's statusCallback). */
  statusCallback: string | null;
  /** Custom parameters handed to the answering Device (Client's Parameter nouns). */
  parameters: Record<string, string>;
}

/** A Conference noun: the room a Dial puts the call in, and what the carrier tells about it. */
export interface ConferenceNoun {
  name: string;
  /** Where the carrier posts participant-join, participant-leave and conference-end. */
  statusCallback: string | null;
  /** A participant heard only by the participant on this call (coaching). */
  coach: string | null;
  muted: boolean;
  endConferenceOnExit: boolean;
}

export type Verb =
  | { verb: 'Say'; text: string }
  | { verb: 'Play'; url: string }
  | { verb: 'Pause'; seconds: number }
  | { verb: 'Dial'; targets: DialTarget[]; conference: ConferenceNoun | null; timeoutSeconds: number; action: string | null; callerId: string | null }
  | { verb: 'Redirect'; url: string }
  | { verb: 'Record'; maxLengthSeconds: number; action: string | null; recordingStatusCallback: string | null }
  | { verb: 'Gather'; numDigits: number; timeoutSeconds: number; action: string | null; prompts: Verb[] }
  | { verb: 'Enqueue'; name: string; waitUrl: string | null; action: string | null }
  | { verb: 'Leave' }
  | { verb: 'Reject'; reason: 'busy' | 'rejected' }
  | { verb: 'Hangup' };

type Node = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: true,
  parseTagValue: false,
  parseAttributeValue: false,
});

const nameOf = (node: Node) => Object.keys(node).find((k) => k !== ':@')!;
const textOf = (children: unknown): string =>
  Array.isArray(children)
    ? (children as Node[])
        .map((c) => (typeof c['#text'] === 'string' ? c['#text'] : ''))
        .join('')
        .trim()
    : '';

/** A Client noun: its text, or an Identity with Parameter nouns. */
function clientNoun(children: unknown): { value: string; parameters: Record<string, string> } {
  const nodes = Array.isArray(children) ? (children as Node[]) : [];
  const identity = nodes.find((n) => nameOf(n) === 'Identity');
  const parameters: Record<string, string> = {};
  for (const n of nodes) {
    if (nameOf(n) !== 'Parameter') continue;
    const a = n[':@'] ?? {};
    if (a.name) parameters[a.name] = a.value ?? '';
  }
  return { value: identity ? textOf(identity.Identity) : textOf(children), parameters };
}

/** Dial's timeout: 5 to 600 seconds, 30 when absent (Twilio's bounds). */
function dialTimeout(value: string | undefined): number {
  const n = Number(value);
  if (!Number.isFinite(n) || value === undefined || value === '') return 30;
  return Math.min(600, Math.max(1, Math.round(n)));
}

export function parseTwiml(xml: string): Verb[] {
  if (!xml.trim()) return [];
  const doc = parser.parse(xml) as Node[];
  const response = doc.find((n) => nameOf(n) === 'Response');
  if (!response) return [];
  return parseVerbs(response.Response as Node[]);
}

function parseVerbs(nodes: Node[]): Verb[] {
  const verbs: Verb[] = [];
  for (const node of nodes) {
    const name = nameOf(node);
    const attrs = node[':@'] ?? {};
    const children = node[name];
    switch (name) {
      case 'Say':
        verbs.push({ verb: 'Say', text: textOf(children) });
        break;
      case 'Play':
        verbs.push({ verb: 'Play', url: textOf(children) });
        break;
      case 'Pause':
        verbs.push({ verb: 'Pause', seconds: Math.max(0, Number(attrs.length ?? 1) || 0) });
        break;
      case 'Redirect':
        verbs.push({ verb: 'Redirect', url: textOf(children) });
        break;
      case 'Reject':
        verbs.push({ verb: 'Reject', reason: attrs.reason === 'busy' ? 'busy' : 'rejected' });
        break;
      case 'Hangup':
        verbs.push({ verb: 'Hangup' });
        break;
      case 'Enqueue':
        verbs.push({ verb: 'Enqueue', name: textOf(children), waitUrl: attrs.waitUrl ?? null, action: attrs.action ?? null });
        break;
      case 'Leave':
        verbs.push({ verb: 'Leave' });
        break;
      case 'Gather': {
        const digits = Number(attrs.numDigits);
        const timeout = Number(attrs.timeout);
        verbs.push({
          verb: 'Gather',
          numDigits: Number.isFinite(digits) && digits > 0 ? Math.min(digits, 20) : 1,
          timeoutSeconds: Number.isFinite(timeout) && timeout > 0 ? Math.min(timeout, 60) : 5,
          action: attrs.action ?? null,
          prompts: parseVerbs(Array.isArray(children) ? (children as Node[]) : []).filter((v) => v.verb === 'Say' || v.verb === 'Play' || v.verb === 'Pause'),
        });
        break;
      }
      case 'Record': {
        const max = Number(attrs.maxLength);
        verbs.push({
          verb: 'Record',
          maxLengthSeconds: Number.isFinite(max) && max > 0 ? Math.min(max, 14_400) : 3600,
          action: attrs.action ?? null,
          recordingStatusCallback: attrs.recordingStatusCallback ?? null,
        });
        break;
      }
      case 'Dial': {
        const targets: DialTarget[] = [];
        let conference: ConferenceNoun | null = null;
        const plain = textOf(children);
        for (const child of Array.isArray(children) ? (children as Node[]) : []) {
          const childName = nameOf(child);
          const statusCallback = child[':@']?.statusCallback ?? null;
          if (childName === 'Client') targets.push({ kind: 'client', ...clientNoun(child.Client), statusCallback });
          if (childName === 'Number') targets.push({ kind: 'number', value: textOf(child.Number), statusCallback, parameters: {} });
          if (childName === 'Conference') {
            const a = child[':@'] ?? {};
            conference = {
              name: textOf(child.Conference),
              statusCallback,
              coach: a.coach || null,
              muted: a.muted === 'true',
              endConferenceOnExit: a.endConferenceOnExit === 'true',
            };
          }
        }
        if (!targets.length && !conference && plain) targets.push({ kind: 'number', value: plain, statusCallback: null, parameters: {} });
        verbs.push({
          verb: 'Dial',
          targets,
          conference,
          timeoutSeconds: dialTimeout(attrs.timeout),
          action: attrs.action ?? null,
          callerId: attrs.callerId ?? null,
        });
        break;
      }
      default:
        break;
    }
  }
  return verbs;
}
