import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/*
 * Bad bytes are a 400. NUL cannot be stored in a PostgreSQL text value (the insert fails) and no
 * field of the product means any other control character, so a request carrying one, in its path,
 * query, headers or any string of its body (keys too), is refused before anything reads it: the
 * path, query and headers before the session is even looked up, the body once it is parsed. Tab,
 * line feed and carriage return stay allowed (multi-line notes and messages). A lone UTF-16
 * surrogate (JSON's "\ud800" without its pair) is refused the same way, anywhere: it is no
 * character at all, and JSONB refuses it.
 */

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const controlCharMessage = (where: string) => `Control characters are not allowed (${where}).`;
export const loneSurrogateMessage = (where: string) => `Lone UTF-16 surrogates are not allowed (${where}).`;

export const hasControlChar = (value: string) => CONTROL.test(value);
export const hasLoneSurrogate = (value: string) => LONE_SURROGATE.test(value);

/** Where in `value` (a parsed body, query or params) a string holds a control character; null when none does. */
export const findControlChar = (value: unknown, path: string): string | null => findText(value, path, hasControlChar);
/** Where in `value` a string holds a lone surrogate; null when none does. */
export const findLoneSurrogate = (value: unknown, path: string): string | null => findText(value, path, hasLoneSurrogate);

/** Why `value` (a parsed body, query, params or form fields) cannot be taken, naming where; null when it can. */
export function badTextIn(value: unknown, path: string): string | null {
  const control = findControlChar(value, path);
  if (control) return controlCharMessage(control);
  const lone = findLoneSurrogate(value, path);
  return lone ? loneSurrogateMessage(lone) : null;
}

/** Where in `value` a string (or a key) is `bad`; null when none is. */
function findText(value: unknown, path: string, bad: (text: string) => boolean, depth = 0): string | null {
  if (typeof value === 'string') return bad(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findText(value[i], `${path}[${i}]`, bad, depth + 1);
      if (found) return found;
    }
    return null;
  }
  // Only plain parsed data: a multipart file or a stream is not text.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (bad(key)) return `${path} key`;
    const found = findText(item, `${path}.${key}`, bad, depth + 1);
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

/** Refuses control characters and lone surrogates in every request of `api` (register it before the access check). */
export function refuseControlChars(api: FastifyInstance): void {
  api.addHook('onRequest', async (req) => {
    const [path = '', query = ''] = req.url.split('?', 2);
    if (hasControlChar(path) || hasControlChar(safeDecode(path))) throw badRequest(controlCharMessage('path'));
    const found = findControlChar(req.params, 'path') ?? findControlChar(req.query, 'query');
    if (found || hasControlChar(query) || hasControlChar(safeDecode(query))) throw badRequest(controlCharMessage(found ?? 'query'));
    const lone = findLoneSurrogate(req.params, 'path') ?? findLoneSurrogate(req.query, 'query');
    if (lone) throw badRequest(loneSurrogateMessage(lone));
    for (const [name, value] of Object.entries(req.headers)) {
      if ([value].flat().some((v) => typeof v === 'string' && hasControlChar(v))) throw badRequest(controlCharMessage(`header ${name}`));
    }
  });
  api.addHook('preValidation', async (req) => {
    const bad = badTextIn(req.body, 'body');
    if (bad) throw badRequest(bad);
  });
}
