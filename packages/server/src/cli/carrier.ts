/*
 * Be the client on the other end of the local carrier:
 *   npm run carrier -- sms <from> <to> "text"
 * posts the signed inbound webhook a carrier would post, to the running server (PUBLIC_URL, or
 * http://127.0.0.1:PORT), with the token the server derives from the same data folder's key; the
 * server routes it to the agency the local carrier holds the number for. Off in production.
 *   npm run carrier -- call <from> <to> [seconds] [--attest A|B|C|fail]
 * is a client's phone calling an agency number: it plays a tone, reports what it hears, and hangs
 * up after the seconds given (30) or when the agency does. --attest is the STIR/SHAKEN attestation
 * the carrier gives the caller's number (A full, B partial, C gateway, fail a number that failed
 * validation); the call webhook carries it as StirVerstat, as Twilio's does.
 *   npm run carrier -- answer <number> [seconds]
 * is a client's phone waiting for the agency's call, answering it, and hanging up the same way.
 *   npm run carrier -- fail <number> [failed|undelivered]
 * makes the next text the agency sends to that number end failed (30006) or undelivered (30003),
 * as the carrier's status callback says; the texts after it are delivered (so its Resend is).
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config';
import { loadClientDataKey } from '../sealing/crypto';
import { localWebhookToken } from '../providers/carrier/create';
import { signWebhook, SIGNATURE_HEADER } from '../providers/carrier/index';
import { SimulatedPhone } from '../providers/carrier/local/voice/simulatedPhone';
import { ACCOUNT_SID, SIM_PREFIX } from '../providers/carrier/local/voice/switch';
import { signVoiceToken } from '../providers/carrier/local/voice/token';

const USAGE = [
  'Usage: npm run carrier -- sms <from> <to> "text"',
  '       npm run carrier -- call <from> <to> [seconds] [--attest A|B|C|fail]',
  '       npm run carrier -- answer <number> [seconds]',
  '       npm run carrier -- fail <number> [failed|undelivered]',
  '(numbers of 10 or 11 digits, in any format)',
].join('\n');

function e164(n: string): string {
  const d = n.replace(/\D/g, '');
  if (d.length !== 10 && d.length !== 11) throw new Error(`${n} is not a 10 or 11 digit phone number`);
  return `+${d.length === 10 ? `1${d}` : d}`;
}

/** A client's phone on the local carrier's signalling, for `call` and `answer`. */
async function phoneFor(number: string): Promise<SimulatedPhone> {
  const config = loadConfig();
  const key = localWebhookToken(loadClientDataKey(config.dataDir));
  return SimulatedPhone.connect(`wss://127.0.0.1:${config.phoneSignalPort}/signal`, signVoiceToken(key, `${SIM_PREFIX}${e164(number)}`, 3600));
}

/** Talks until the other side hangs up or `seconds` pass; reports the sound it heard. */
async function talk(phone: SimulatedPhone, callsid: string, seconds: number): Promise<number> {
  console.log('Connected: playing a tone.');
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline && !phone.has('hangup')) await new Promise((r) => setTimeout(r, 200));
  const heard = phone.heardFrames;
  if (!phone.has('hangup')) {
    phone.hangup(callsid);
    console.log('Hung up.');
  } else {
    console.log('The agency hung up.');
  }
  console.log(`Heard ${(heard / 100).toFixed(1)} s of sound.`);
  phone.close();
  return 0;
}

const ATTESTATIONS = ['A', 'B', 'C', 'fail'] as const;
type Attestation = (typeof ATTESTATIONS)[number];

async function call(from: string, to: string, seconds: number, attest?: Attestation): Promise<number> {
  const phone = await phoneFor(from);
  const callerSid = await phone.call(e164(to), 440, attest);
  console.log(`Calling ${e164(to)} from ${e164(from)}...`);
  for (;;) {
    const said = phone.received.find((m) => m.type === 'message');
    if (said) {
      phone.received.splice(phone.received.indexOf(said), 1);
      const content = JSON.parse(String(said.payload.content)) as { say?: string };
      if (content.say) console.log(`The line says: "${content.say}"`);
    }
    if (phone.has('answer')) return talk(phone, String((await phone.next('answer')).callsid ?? callerSid), seconds);
    if (phone.has('hangup')) {
      console.log('The call ended without an answer.');
      phone.close();
      return 0;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function answer(number: string, seconds: number): Promise<number> {
  const phone = await phoneFor(number);
  console.log(`${e164(number)} is waiting for a call...`);
  const invite = await phone.next('invite', 24 * 3600 * 1000);
  console.log(`The agency is calling from ${String((invite.parameters as Record<string, string>).From)}: answering.`);
  await phone.answer(invite);
  return talk(phone, String(invite.callsid), seconds);
}

/** Posts a signed form to the running server's carrier route, as the carrier's own would. */
async function postSigned(path: string, params: Record<string, string>): Promise<Response> {
  const config = loadConfig();
  const token = localWebhookToken(loadClientDataKey(config.dataDir));
  const url = `${config.publicUrl}${path}`;
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', [SIGNATURE_HEADER]: signWebhook(token, url, params) },
    body: new URLSearchParams(params).toString(),
  });
}

async function failNext(number: string, status: string): Promise<number> {
  const res = await postSigned('/api/carrier/sms/fail-next', { To: e164(number), Status: status });
  if (!res.ok) {
    console.error(`The server answered ${res.status}: ${await res.text()}`);
    return 1;
  }
  console.log(`The next text to ${e164(number)} will end ${status}.`);
  return 0;
}

async function main(argv: string[]) {
  if (loadConfig().production) {
    console.error('The carrier simulator is off in production.');
    return 2;
  }
  const [kind, from, to, ...words] = argv;
  if (kind === 'call' && from && to) {
    const at = words.indexOf('--attest');
    const attest = at >= 0 ? words[at + 1] : undefined;
    if (at >= 0 && !ATTESTATIONS.includes(attest as Attestation)) {
      console.error(USAGE);
      return 2;
    }
    const rest = at >= 0 ? [...words.slice(0, at), ...words.slice(at + 2)] : words;
    return call(from, to, Number(rest[0]) || 30, attest as Attestation | undefined);
  }
  if (kind === 'answer' && from) return answer(from, Number(to) || 30);
  if (kind === 'fail' && from && !words.length && (!to || to === 'failed' || to === 'undelivered')) return failNext(from, to ?? 'failed');
  if (kind !== 'sms' || !from || !to || !words.length) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const token = localWebhookToken(loadClientDataKey(config.dataDir));
  const url = `${config.publicUrl}/api/carrier/sms/inbound`;
  const sid = `SM${randomBytes(16).toString('hex')}`;
  const params = { MessageSid: sid, SmsSid: sid, AccountSid: ACCOUNT_SID, From: e164(from), To: e164(to), Body: words.join(' '), NumMedia: '0' };
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', [SIGNATURE_HEADER]: signWebhook(token, url, params) },
    body: new URLSearchParams(params).toString(),
  });
  if (!res.ok) {
    console.error(`${url} answered ${res.status}: ${await res.text()}`);
    return 1;
  }
  console.log(`Texted ${params.To} from ${params.From} (${sid}).`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error((err as Error).message);
    process.exit(1);
  },
);
