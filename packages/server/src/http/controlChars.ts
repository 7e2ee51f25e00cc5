import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/*
 * Bad bytes are a 400. NUL cannot be stored in a PostgreSQL text value (the insert fails) and no
 * field of the product means any other control character, so a request carrying one, in its path,
 * query, headers or any string of its body (keys too), is refused before anything reads it: the
 * path, query and headers before the session is even looked up, the body once it is parsed. Tab,
 * line feed and carriage return stay allowed (multi-line notes and messages).
 */

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const controlCharMessage = (where: string) => `Control characters are not allowed (${where}).`;

export const hasControlChar = (value: string) => CONTROL.test(value);

/** Where in `value` (a parsed body, query or params) a string holds a control character; null when none does. */
export function findControlChar(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlChar(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  // Only plain parsed data: a multipart file or a stream is not text.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL.test(key)) return `${path} key`;
    const found = findControlChar(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** A percent-decoded address part; as it is when it does not decode. */
function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** Refuses control characters in every request of `api` (register it before the access check). */
export function refuseControlChars(api: FastifyInstance): void {
  api.addHook('onRequest', async (req) => {
    const [path = '', query = ''] = req.url.split('?', 2);
    if (hasControlChar(path) || hasControlChar(safeDecode(path))) throw badRequest(controlCharMessage('path'));
    const found = findControlChar(req.params, 'path') ?? findControlChar(req.query, 'query');
    if (found || hasControlChar(query) || hasControlChar(safeDecode(query))) throw badRequest(controlCharMessage(found ?? 'query'));
    for (const [name, value] of Object.entries(req.headers)) {
      if ([value].flat().some((v) => typeof v === 'string' && hasControlChar(v))) throw badRequest(controlCharMessage(`header ${name}`));
    }
  });
  api.addHook('preValidation', async (req) => {
    const found = findControlChar(req.body, 'body');
    if (found) throw badRequest(controlCharMessage(found));
  });
}
