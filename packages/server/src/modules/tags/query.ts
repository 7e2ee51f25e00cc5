import { parseDateParts } from '@agency/contracts';
import { badRequest } from '../../http/errors';
import { Params } from '../../db/sql';

/**
 * Dynamic tag queries: a MongoDB-style filter (what a query builder's "mongodb" export writes)
 * translated to a parameterised SQL condition over a client row (alias c).
 *
 * Why a translation and not an in-memory matcher (sift, mingo): membership is asked of 100,000
 * clients at a time (counts, the tag tab, the list filtered by a tag), so it has to run inside
 * the database next to the rows, and answer from the same data the list reads, with no copy to
 * keep in step. The translation is small, whitelists fields and operators, and never puts a
 * value into the SQL text.
 *
 * Semantics follow MongoDB's: a missing field fails every comparison but $ne/$nin/$not/$exists
 * false; on sub-records (addresses.*, policies.*) a condition holds when some record matches,
 * and $ne/$nin hold when none does; $elemMatch ties several conditions to one record. Two
 * deliberate differences: text equality and $in ignore case, and tags.name looks at static tags.
 */

type Kind = 'text' | 'number' | 'date';
interface ScalarField {
  kind: Kind;
  sql: (a: string) => string;
}
interface SubRecord {
  recordKind: 'address' | 'policy';
  fields: Record<string, Kind>;
}

/** MM/dd/yyyy text as a date (client_date, migration 014). */
const usDate = (expr: string) => `client_date(${expr})`;
const text = (key: string): ScalarField => ({ kind: 'text', sql: (a) => `(${a}.data->>'${key}')` });

const CLIENT_FIELDS: Record<string, ScalarField> = {
  firstName: text('firstName'),
  preferredFirstName: text('preferredFirstName'),
  lastName: text('lastName'),
  coFirstName: text('coFirstName'),
  coPreferredFirstName: text('coPreferredFirstName'),
  coLastName: text('coLastName'),
  companyName: text('companyName'),
  occupation: text('occupation'),
  militaryStatus: text('militaryStatus'),
  affliateVia: text('affliateVia'),
  aflliateOn: { kind: 'date', sql: (a) => usDate(`${a}.data->>'aflliateOn'`) },

  lengthOfService: { kind: 'number', sql: (a) => `(current_date - ${a}.created_at::date)` },
  lastContactedDays: { kind: 'number', sql: (a) => `(current_date - (nullif(${a}.data->>'lastContactedOn', ''))::timestamptz::date)` },
};

const SUB_RECORDS: Record<string, SubRecord> = {
  addresses: { recordKind: 'address', fields: { type: 'text', county: 'text', city: 'text', state: 'text', zipcode: 'text' } },
  policies: {
    recordKind: 'policy',
    fields: { type: 'text', company: 'text', enrolledVia: 'text', effectiveDate: 'date', issueDate: 'date', termDate: 'date' },
  },
};
const subFieldSql = (kind: Kind, key: string) => (kind === 'date' ? usDate(`r.data->>'${key}'`) : `(r.data->>'${key}')`);

/**
 * The birth date is sealed, so no SQL can read it from the row: a query comparing `dob` or `age`
 * gets the account's birth dates opened beforehand (BirthDates, two parallel arrays with a null for
 * a client without one) and compares them in a subquery over those arrays, with the same operators
 * and the same missing-value rules as every other field.
 */
export interface BirthDates {
  ids: string[];
  /** yyyy-mm-dd, or null. */
  dates: Array<string | null>;
}
const BIRTH_FIELDS = new Set(['dob', 'age']);

/** Whether a query compares birth dates (a dob or age condition anywhere in it). */
export function comparesBirthDates(mongodb: unknown): boolean {
  const walk = (v: unknown): boolean =>
    Array.isArray(v) ? v.some(walk) : isPlainObject(v) ? Object.entries(v).some(([k, x]) => BIRTH_FIELDS.has(k) || walk(x)) : false;
  return walk(parseTagQuery(mongodb));
}

const COMPARISONS: Record<string, string> = { $eq: '=', $ne: '<>', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };
const MAX_DEPTH = 12;
const MAX_NODES = 200;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bad = (message: string) => badRequest(`Invalid tag query: ${message}`);
/** `table[key]` when it is the table's own entry: a query naming `constructor` or `__proto__` finds nothing. */
const own = <T>(table: Record<string, T>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

/**
 * Pattern features that make PostgreSQL's regex engine backtrack (time that grows without bound
 * with the text): back-references and lookaround. Without them it matches in bounded time.
 */
const SLOW_PATTERN = /\\[1-9]|\\k<|\(\?<?[=!]/;

class Compiler {
  private nodes = 0;
  private birthParams: { ids: string; dates: string } | null = null;
  constructor(
    private readonly p: Params,
    private readonly a: string,
    private readonly birthDates: BirthDates | undefined,
  ) {}

  private tick(depth: number) {
    if (++this.nodes > MAX_NODES) throw bad('too many conditions');
    if (depth > MAX_DEPTH) throw bad('nested too deeply');
  }

  /** A document filter: {field: cond, $and: [...], ...}. */
  filter(q: unknown, depth: number, scope: 'client' | SubRecord = 'client'): string {
    this.tick(depth);
    if (!isPlainObject(q)) throw bad('a filter must be an object');
    const parts: string[] = [];
    for (const [key, value] of Object.entries(q)) {
      if (key === '$and' || key === '$or' || key === '$nor') {
        if (!Array.isArray(value) || value.length === 0) throw bad(`${key} needs a non-empty list`);
        const subs = value.map((v) => this.filter(v, depth + 1, scope));
        if (key === '$and') parts.push(`(${subs.join(' and ')})`);
        else if (key === '$or') parts.push(`(${subs.join(' or ')})`);
        else parts.push(`not (${subs.join(' or ')})`);
      } else if (key.startsWith('$')) {
        throw bad(`unknown operator ${key}`);
      } else if (scope === 'client') {
        parts.push(this.field(key, value, depth + 1));
      } else {
        const kind = own(scope.fields, key);
        if (!kind) throw bad(`unknown field ${key}`);
        parts.push(this.condition(subFieldSql(kind, key), kind, value, depth + 1));
      }
    }
    return parts.length ? `(${parts.join(' and ')})` : 'true';
  }

  /**
   * Age compared with a number becomes a birth-date range:
   * age >= n  ⟺  dob <= today - n years;  age < n  ⟺  dob > today - n years.
   */
  private age(value: unknown, depth: number, dob: string): string | null {
    const ops = isPlainObject(value) ? value : { $eq: value };
    const keys = Object.keys(ops);
    if (!keys.length || !keys.every((k) => ['$eq', '$gt', '$gte', '$lt', '$lte'].includes(k))) return null;
    this.tick(depth);
    // never null (a missing birth date fails the range), so $not works
    const yearsAgo = (v: unknown) => {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      if (!Number.isFinite(n)) throw bad(`${JSON.stringify(v)} is not a number`);
      if (!Number.isInteger(n) || n < 0 || n > 200) throw bad(`${JSON.stringify(v)} is not an age`);
      return (years: number) => `(current_date - make_interval(years => ${this.p.add(years)}::int))::date`;
    };
    const parts = keys.map((k) => {
      const v = ops[k];
      const n = Number(v);
      const at = yearsAgo(v);
      switch (k) {
        case '$gte':
          return `(${dob} is not null and ${dob} <= ${at(n)})`;
        case '$gt':
          return `(${dob} is not null and ${dob} <= ${at(n + 1)})`;
        case '$lt':
          return `(${dob} is not null and ${dob} > ${at(n)})`;
        case '$lte':
          return `(${dob} is not null and ${dob} > ${at(n + 1)})`;
        default:
          return `(${dob} is not null and ${dob} <= ${at(n)} and ${dob} > ${at(n + 1)})`;
      }
    });
    return parts.length === 1 ? parts[0] : `(${parts.join(' and ')})`;
  }

  /** A dob or age condition: the clients whose opened birth date meets it. */
  private birth(name: string, value: unknown, depth: number): string {
    if (!this.birthDates) throw new Error('This tag query compares birth dates, which were not opened for it');
    this.birthParams ??= { ids: this.p.add(this.birthDates.ids), dates: this.p.add(this.birthDates.dates) };
    const dob = 'b.dob';
    const cond =
      name === 'dob'
        ? this.condition(dob, 'date', value, depth)
        : (this.age(value, depth, dob) ?? this.condition(`date_part('year', age(current_date, ${dob}))`, 'number', value, depth));
    return `(${this.a}.id in (select b.id from unnest(${this.birthParams.ids}::uuid[], ${this.birthParams.dates}::date[]) as b(id, dob) where ${cond}))`;
  }

  private field(name: string, value: unknown, depth: number): string {
    if (BIRTH_FIELDS.has(name)) return this.birth(name, value, depth);
    const scalar = own(CLIENT_FIELDS, name);
    if (scalar) return this.condition(scalar.sql(this.a), scalar.kind, value, depth);
    if (name === 'tags.name' || name === 'tags') return this.tags(value, depth);
    const [head, sub] = name.split('.', 2);
    const rec = own(SUB_RECORDS, head);
    if (rec && sub === undefined) {
      if (isPlainObject(value) && Object.keys(value).length === 1 && '$elemMatch' in value) {
        return `exists (select 1 from client_records r where r.client_id = ${this.a}.id and r.kind = '${rec.recordKind}' and ${this.filter(value.$elemMatch, depth + 1, rec)})`;
      }
      throw bad(`${name} takes $elemMatch`);
    }
    if (rec && own(rec.fields, sub)) return this.anyRecord(rec, sub, value, depth);
    throw bad(`unknown field ${name}`);
  }

  /** Some record of the kind matches; negative operators: no record matches the positive form. */
  private anyRecord(rec: SubRecord, key: string, value: unknown, depth: number): string {
    const kind = rec.fields[key]!;
    const exists = (cond: string) => `exists (select 1 from client_records r where r.client_id = ${this.a}.id and r.kind = '${rec.recordKind}' and ${cond})`;
    const expr = subFieldSql(kind, key);
    if (isPlainObject(value) && Object.keys(value).length === 1) {
      if ('$ne' in value) return `not ${exists(this.condition(expr, kind, { $eq: value.$ne }, depth))}`;
      if ('$nin' in value) return `not ${exists(this.condition(expr, kind, { $in: value.$nin }, depth))}`;
    }
    return exists(this.condition(expr, kind, value, depth));
  }

  private tags(value: unknown, depth: number): string {
    const exists = (cond: string) =>
      `exists (select 1 from client_tags ct join tags t on t.id = ct.tag_id where ct.client_id = ${this.a}.id and ct.is_active and t.query_obj is null and ${cond})`;
    if (isPlainObject(value) && Object.keys(value).length === 1) {
      if ('$ne' in value) return `not ${exists(this.condition('t.name', 'text', { $eq: value.$ne }, depth))}`;
      if ('$nin' in value) return `not ${exists(this.condition('t.name', 'text', { $in: value.$nin }, depth))}`;
    }
    return exists(this.condition('t.name', 'text', value, depth));
  }

  private literal(kind: Kind, v: unknown): string {
    if (kind === 'number') {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      if (!Number.isFinite(n)) throw bad(`${JSON.stringify(v)} is not a number`);
      return `${this.p.add(n)}::numeric`;
    }
    if (kind === 'date') {
      const parts = typeof v === 'string' ? parseDateParts(v.slice(0, 10)) : null;
      if (!parts) throw bad(`${JSON.stringify(v)} is not a date`);
      return `${this.p.add(`${parts[0]}-${String(parts[1]).padStart(2, '0')}-${String(parts[2]).padStart(2, '0')}`)}::date`;
    }
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw bad(`${JSON.stringify(v)} is not a value`);
    return `${this.p.add(String(v))}::text`;
  }

  /**
   * A field's condition: a value (equality) or an operator object. Always true or false, never
   * null (so $not and $nor mean what they say), written as `x is not null and x op v` so an index
   * on x still serves it.
   */
  condition(expr: string, kind: Kind, value: unknown, depth: number): string {
    this.tick(depth);
    if (!isPlainObject(value)) return this.op(expr, kind, '$eq', value, undefined);
    const keys = Object.keys(value);
    if (!keys.length) throw bad('an empty condition');
    const parts = keys.filter((k) => k !== '$options').map((k) => this.op(expr, kind, k, value[k], value.$options, depth));
    if (keys.includes('$options') && !keys.includes('$regex')) throw bad('$options goes with $regex');
    return parts.length === 1 ? parts[0] : `(${parts.join(' and ')})`;
  }

  private op(expr: string, kind: Kind, op: string, v: unknown, options: unknown, depth = 0): string {
    const lhs = kind === 'text' ? `lower(${expr})` : expr;
    const lit = (x: unknown) => (kind === 'text' ? `lower(${this.literal(kind, x)})` : this.literal(kind, x));
    switch (op) {
      case '$eq':
        if (v === null) return `(${expr} is null)`;
        return `(${expr} is not null and ${lhs} = ${lit(v)})`;
      case '$ne':
        if (v === null) return `(${expr} is not null)`;
        return `(${lhs} is distinct from ${lit(v)})`;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        return `(${expr} is not null and ${expr} ${COMPARISONS[op]} ${this.literal(kind, v)})`;
      case '$in':
      case '$nin': {
        if (!Array.isArray(v) || v.length > 500) throw bad(`${op} needs a list`);
        if (!v.length) return op === '$in' ? 'false' : 'true';
        const inList = `(${expr} is not null and ${lhs} in (${v.map(lit).join(', ')}))`;
        return op === '$in' ? inList : `not ${inList}`;
      }
      case '$regex': {
        if (typeof v !== 'string' || v.length > 500) throw bad('$regex needs a pattern');
        if (options !== undefined && (typeof options !== 'string' || !/^[imsx]*$/.test(options))) throw bad('unknown $options');
        try {
          new RegExp(v);
        } catch {
          throw bad(`${v} is not a valid pattern`);
        }
        if (SLOW_PATTERN.test(v)) throw bad('patterns cannot use back-references or lookaround');
        const insensitive = typeof options === 'string' && options.includes('i');
        return `(${expr} is not null and ${expr} ${insensitive ? '~*' : '~'} ${this.p.add(v)}::text)`;
      }
      case '$exists':
        return v ? `(${expr} is not null)` : `(${expr} is null)`;
      case '$not':
        if (!isPlainObject(v) && typeof v !== 'string') throw bad('$not needs a condition');
        return `not ${typeof v === 'string' ? this.op(expr, kind, '$regex', v, undefined) : this.condition(expr, kind, v, depth + 1)}`;
      default:
        throw bad(`unknown operator ${op}`);
    }
  }
}

/** Parses a tag's mongodb JSON text (or object). */
export function parseTagQuery(mongodb: unknown): Record<string, unknown> {
  let q: unknown = mongodb;
  if (typeof mongodb === 'string') {
    try {
      q = JSON.parse(mongodb);
    } catch {
      throw bad('it is not valid JSON');
    }
  }
  if (!isPlainObject(q)) throw bad('a filter must be an object');
  return q;
}

/**
 * The SQL condition (over alias `alias`) for a mongodb filter; values go into `p`. A query that
 * compares birth dates needs them opened (`comparesBirthDates`).
 */
export function compileTagQuery(mongodb: unknown, p: Params, alias = 'c', birthDates?: BirthDates): string {
  return new Compiler(p, alias, birthDates).filter(parseTagQuery(mongodb), 0);
}

/** Checks a query's shape and values without opening anything (what saving a tag needs). */
export function validateTagQuery(mongodb: unknown): void {
  compileTagQuery(mongodb, new Params(), 'c', { ids: [], dates: [] });
}
