import type { Queryable } from '../../db/index';
import type { Params } from '../../db/sql';

/**
 * Search and ordering of the contact list without loading it: a normalised sort key (letter bar,
 * keyset paging) and one `client_terms` row per searchable word or number, matched by prefix on a
 * btree index (C collation, so a prefix is a plain range).
 */

/** Lower case, accents dropped, apostrophes removed. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019`]/g, '');
}

export interface SearchableClient {
  firstName?: string | null;
  lastName?: string | null;
  preferredFirstName?: string | null;
  companyName?: string | null;
  email?: string | null;
  phone?: string | null;
  mobilePhone?: string | null;
  coFirstName?: string | null;
  coLastName?: string | null;
  coPreferredFirstName?: string | null;
  coCompanyName?: string | null;
  coEmail?: string | null;
  coPhone?: string | null;
  coMobilePhone?: string | null;
}

/** What the list shows as the name and sorts by: first and last name; company, email or phone when nameless. */
export function displayName(c: SearchableClient): string {
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ').trim();
  return name || c.companyName || c.email || c.mobilePhone || c.phone || '';
}

export function sortKey(c: SearchableClient): string {
  return fold(displayName(c)).replace(/\s+/g, ' ').trim().slice(0, 200);
}

/** The letter-bar tab a sort key belongs to. */
export function letterOf(key: string): string {
  const ch = key.charAt(0);
  return ch >= 'a' && ch <= 'z' ? ch : '#';
}

const words = (text: string | null | undefined) =>
  text
    ? fold(text)
        .split(/[^a-z0-9@._-]+/)
        .map((w) => w.replace(/^[._-]+|[._-]+$/g, ''))
        .filter((w) => w.length > 0)
    : [];

/** A phone number's searchable forms: full digits, national (10), local (7) and last four. */
export function phoneTerms(digits: string | null | undefined): string[] {
  if (!digits) return [];
  const out = new Set([digits]);
  if (digits.length === 11 && digits.startsWith('1')) out.add(digits.slice(1));
  if (digits.length >= 7) out.add(digits.slice(-7));
  if (digits.length >= 4) out.add(digits.slice(-4));
  return [...out];
}

export interface Term {
  term: string;
  kind: 'name' | 'email' | 'phone' | 'mobile';
}

export function termsOf(c: SearchableClient): Term[] {
  const seen = new Set<string>();
  const out: Term[] = [];
  const add = (term: string, kind: Term['kind']) => {
    const key = `${kind}:${term}`;
    if (term && !seen.has(key) && term.length <= 200) {
      seen.add(key);
      out.push({ term, kind });
    }
  };
  for (const f of [c.firstName, c.lastName, c.preferredFirstName, c.companyName, c.coFirstName, c.coLastName, c.coPreferredFirstName, c.coCompanyName]) {
    for (const w of words(f)) add(w, 'name');
  }
  for (const e of [c.email, c.coEmail]) {
    if (!e) continue;
    const email = e.toLowerCase();
    add(email, 'email');
    for (const w of words(email.split('@')[0])) add(w, 'name');
  }
  for (const p of [c.phone, c.coPhone]) for (const t of phoneTerms(p)) add(t, 'phone');
  for (const p of [c.mobilePhone, c.coMobilePhone]) for (const t of phoneTerms(p)) add(t, 'mobile');
  return out;
}

/** Rewrites a client's terms, each with the client's sort key (in the caller's transaction). */
export async function writeTerms(q: Queryable, accountId: string, clientId: string, c: SearchableClient): Promise<void> {
  await q.query('delete from client_terms where client_id = $1', [clientId]);
  const terms = termsOf(c);
  if (!terms.length) return;
  await q.query(
    `insert into client_terms (account_id, client_id, term, kind, sort_key)
     select $1, $2, t.term, t.kind, $5 from unnest($3::text[], $4::text[]) as t(term, kind)`,
    [accountId, clientId, terms.map((t) => t.term), terms.map((t) => t.kind), sortKey(c)],
  );
}

/**
 * The search box's tokens. A query of phone characters only with seven or more digits is one
 * number; otherwise each word must match the start of some term.
 */
export function searchTokens(search: string): string[] {
  const s = search.trim();
  if (!s) return [];
  if (/^[\d\s()+.-]+$/.test(s)) {
    const digits = s.replace(/\D/g, '');
    if (digits.length >= 7) return [digits.length === 10 ? `1${digits}` : digits];
  }
  return s
    .split(/\s+/)
    .map((w) => {
      const digitsOnly = /^[\d()+.-]+$/.test(w) ? w.replace(/\D/g, '') : null;
      return digitsOnly ?? fold(w).replace(/[^a-z0-9@._-]/g, '');
    })
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

/** The exclusive upper bound of a prefix range in C collation. */
export function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1)!;
  return prefix.slice(0, -1) + String.fromCodePoint(last + 1);
}

/** The bounds of a letter tab on the sort key (alias c). '#' is everything outside a to z. */
export function letterCondition(letter: string, p: Params): string {
  if (letter === '#') return `(c.sort_key < 'a' or c.sort_key >= '{')`;
  return `(c.sort_key >= ${p.add(letter)} and c.sort_key < ${p.add(prefixEnd(letter))})`;
}

/** Each token must match the start of one of the client's terms (alias c). */
export function searchCondition(accountParam: string, tokens: string[], p: Params): string {
  return `c.id in (${searchMatches(accountParam, tokens, p)})`;
}

/**
 * The clients (client_id, sort_key) every token matches, straight from the term index (alias t):
 * the terms in any token's range, grouped by client, kept when each token found one.
 */
export function searchMatches(accountParam: string, tokens: string[], p: Params, extra = ''): string {
  const ranges = tokens.map((t) => `(t.term >= ${p.add(t)} and t.term < ${p.add(prefixEnd(t))})`);
  const having = ranges.length > 1 ? ` having ${ranges.map((r) => `bool_or(${r})`).join(' and ')}` : '';
  return `select t.client_id from client_terms t where t.account_id = ${accountParam} and (${ranges.join(' or ')})${extra} group by t.client_id, t.sort_key${having}`;
}
