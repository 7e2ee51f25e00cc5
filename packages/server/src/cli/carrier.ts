/*
 * Be the client on the other end of the local carrier:
 *   npm run carrier -- sms <from> <to> "text"
 * posts the signed inbound webhook a carrier would post, to the running server (PUBLIC_URL, or
 * http://127.0.0.1:PORT), with the token the server derives from the same data folder's key.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config';
import { loadClientDataKey } from '../modules/clients/crypto';
import { localWebhookToken } from '../providers/carrier/create';
import { signWebhook, SIGNATURE_HEADER } from '../providers/carrier/index';

const USAGE = 'Usage: npm run carrier -- sms <from> <to> "text"   (numbers of 10 or 11 digits, in any format)';

function e164(n: string): string {
  const d = n.replace(/\D/g, '');
  if (d.length !== 10 && d.length !== 11) throw new Error(`${n} is not a 10 or 11 digit phone number`);
  return `+${d.length === 10 ? `1${d}` : d}`;
}

async function main(argv: string[]) {
  const [kind, from, to, ...words] = argv;
  if (kind !== 'sms' || !from || !to || !words.length) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const token = localWebhookToken(loadClientDataKey(config.dataDir));
  const url = `${config.publicUrl}/api/carrier/sms/inbound`;
  const sid = `SM${randomBytes(16).toString('hex')}`;
  const params = { MessageSid: sid, SmsSid: sid, From: e164(from), To: e164(to), Body: words.join(' '), NumMedia: '0' };
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
