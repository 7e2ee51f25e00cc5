import { TAG_QUERY_FIELDS, type TagQueryField, type TagQueryFieldType } from '@agency/contracts';

/**
 * The tag query builder's model and its MongoDB-style form (queryObj.mongodb), both ways.
 *
 * A query is a group of rules and groups joined by all (and) or any (or). A group may be tied to
 * one address or one policy (MongoDB's $elemMatch): its rules must then hold for the same record.
 * The MongoDB form written here is the one the server compiles (packages/server/src/modules/tags/query.ts):
 * an all-group whose rules name different fields is one object ({state: 'TX', city: 'Austin'}),
 * otherwise {$and: [...]}; an any-group is {$or: [...]}; equality is the bare value.
 */
export type Operator = 'eq' | 'ne' | 'contains' | 'beginsWith' | 'matches' | 'in' | 'nin' | 'gt' | 'gte' | 'lt' | 'lte' | 'empty' | 'notEmpty';

export interface QueryRule {
  kind: 'rule';
  id: string;
  field: string;
  operator: Operator;
  /** Text as typed; a list for in / nin. */
  value: string | string[];
}
export interface QueryGroup {
  kind: 'group';
  id: string;
  combinator: 'and' | 'or';
  /** Set when every rule must hold for one record of that kind (addresses, policies). */
  record?: 'addresses' | 'policies';
  rules: Array<QueryRule | QueryGroup>;
}

export const OPERATOR_LABELS: Record<Operator, string> = {
  eq: 'equals',
  ne: 'does not equal',
  contains: 'contains',
  beginsWith: 'begins with',
  matches: 'matches pattern',
  in: 'is one of',
  nin: 'is not one of',
  gt: 'is greater than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  empty: 'is empty',
  notEmpty: 'is not empty',
};
const DATE_LABELS: Partial<Record<Operator, string>> = {
  eq: 'is on',
  ne: 'is not on',
  gt: 'is after',
  gte: 'is on or after',
  lt: 'is before',
  lte: 'is on or before',
};

export const OPERATORS_BY_TYPE: Record<TagQueryFieldType, Operator[]> = {
  text: ['eq', 'ne', 'contains', 'beginsWith', 'in', 'nin', 'matches', 'empty', 'notEmpty'],
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'empty', 'notEmpty'],
  date: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'empty', 'notEmpty'],
  enum: ['eq', 'ne', 'in', 'nin', 'empty', 'notEmpty'],
};

export const operatorLabel = (type: TagQueryFieldType, op: Operator) => (type === 'date' ? DATE_LABELS[op] : undefined) ?? OPERATOR_LABELS[op];
export const needsValue = (op: Operator) => op !== 'empty' && op !== 'notEmpty';
export const isListOperator = (op: Operator) => op === 'in' || op === 'nin';

const FIELDS = new Map(TAG_QUERY_FIELDS.map((f) => [f.name, f]));
export const fieldOf = (name: string): TagQueryField | undefined => FIELDS.get(name);
export const recordOf = (field: string): 'addresses' | 'policies' | undefined => {
  const head = field.split('.')[0];
  return head === 'addresses' || head === 'policies' ? head : undefined;
};

let seq = 0;
export const newId = () => `q${++seq}`;
export const emptyRule = (field = 'addresses.state'): QueryRule => ({ kind: 'rule', id: newId(), field, operator: 'eq', value: '' });
export const emptyQuery = (): QueryGroup => ({ kind: 'group', id: newId(), combinator: 'and', rules: [emptyRule()] });

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const unescapeRegex = (s: string): string | null => {
  // plain text escaped by escapeRegex: every special character preceded by a backslash, no bare ones
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\\') {
      const next = s[i + 1];
      if (next === undefined || !/[.*+?^${}()|[\]\\]/.test(next)) return null;
      out += next;
      i++;
    } else if (/[.*+?^${}()|[\]]/.test(ch)) return null;
    else out += ch;
  }
  return out;
};

/** Why a rule cannot be used yet, or null when it is complete. */
export function ruleProblem(rule: QueryRule): string | null {
  const field = fieldOf(rule.field);
  if (!field) return 'Choose a field';
  if (!OPERATORS_BY_TYPE[field.type].includes(rule.operator)) return 'Choose a condition';
  if (!needsValue(rule.operator)) return null;
  const values = Array.isArray(rule.value) ? rule.value : [rule.value];
  const filled = values.map((v) => v.trim()).filter(Boolean);
  if (!filled.length) return 'Enter a value';
  if (isListOperator(rule.operator) !== Array.isArray(rule.value)) return 'Enter a value';
  if (field.type === 'number' && filled.some((v) => !Number.isFinite(Number(v)))) return 'Enter a number';
  if (field.type === 'date' && filled.some((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v))) return 'Enter a date';
  if (rule.operator === 'matches') {
    try {
      new RegExp(filled[0]);
    } catch {
      return 'Enter a valid pattern';
    }
  }
  return null;
}

/** Whether the whole query can be saved: at least one rule, every rule complete, no empty group. */
export function isValidQuery(group: QueryGroup): boolean {
  if (!group.rules.length) return false;
  return group.rules.every((r) => (r.kind === 'rule' ? ruleProblem(r) === null : isValidQuery(r)));
}

function literal(type: TagQueryFieldType, v: string): string | number {
  return type === 'number' ? Number(v) : v.trim();
}

/** One rule's condition (the part after the field name). */
function condition(rule: QueryRule): unknown {
  const type = fieldOf(rule.field)!.type;
  const one = typeof rule.value === 'string' ? literal(type, rule.value) : '';
  switch (rule.operator) {
    case 'eq':
      return one;
    case 'ne':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return { [`$${rule.operator}`]: one };
    case 'contains':
      return { $regex: escapeRegex(String(one)), $options: 'i' };
    case 'beginsWith':
      return { $regex: `^${escapeRegex(String(one))}`, $options: 'i' };
    case 'matches':
      return { $regex: String(one) };
    case 'in':
    case 'nin':
      return { [`$${rule.operator}`]: (rule.value as string[]).map((v) => literal(type, v)).filter((v) => v !== '') };
    case 'empty':
      return { $exists: false };
    case 'notEmpty':
      return { $exists: true };
  }
}

/** The filter for a group; `prefix` is the record a $elemMatch group's field names are relative to. */
function groupToMongo(group: QueryGroup, prefix?: string): Record<string, unknown> {
  const strip = (field: string) => (prefix && field.startsWith(`${prefix}.`) ? field.slice(prefix.length + 1) : field);
  const parts = group.rules.map((r) => {
    if (r.kind === 'rule') return { [strip(r.field)]: condition(r) };
    if (r.record) return { [r.record]: { $elemMatch: groupToMongo(r, r.record) } };
    return groupToMongo(r, prefix);
  });
  const keys = parts.flatMap((p) => Object.keys(p));
  if (group.combinator === 'and' && parts.length > 0 && !keys.some((k) => k.startsWith('$')) && new Set(keys).size === keys.length) {
    return Object.assign({}, ...parts) as Record<string, unknown>;
  }
  if (parts.length === 1) return parts[0];
  return { [group.combinator === 'and' ? '$and' : '$or']: parts };
}

/** The MongoDB-style filter for the builder's query. */
export function toMongo(group: QueryGroup): Record<string, unknown> {
  if (group.record) return { [group.record]: { $elemMatch: groupToMongo(group, group.record) } };
  return groupToMongo(group);
}

/** The queryObj a dynamic tag is saved with. */
export function toQueryObj(group: QueryGroup) {
  return { value: group, mongodb: JSON.stringify(toMongo(group)), isValid: isValidQuery(group) };
}

export class UnsupportedQuery extends Error {}
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asText = (v: unknown): string => {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new UnsupportedQuery('a value the builder cannot show');
};

/** Dates the builder edits as yyyy-mm-dd; MM/dd/yyyy (what forms store) is read too. */
function dateText(v: unknown): string {
  const s = asText(v);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (us) return `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}`;
  return s.slice(0, 10);
}

function parseCondition(field: string, cond: unknown): QueryRule[] {
  const meta = fieldOf(field);
  if (!meta) throw new UnsupportedQuery(`the field ${field}`);
  const text = (v: unknown) => (meta.type === 'date' ? dateText(v) : asText(v));
  const rule = (operator: Operator, value: string | string[]): QueryRule => ({ kind: 'rule', id: newId(), field, operator, value });
  if (!isObject(cond)) return [rule('eq', text(cond))];
  const keys = Object.keys(cond);
  if (keys.includes('$regex')) {
    if (keys.some((k) => k !== '$regex' && k !== '$options')) throw new UnsupportedQuery('a pattern with other conditions');
    const pattern = asText(cond.$regex);
    const options = cond.$options === undefined ? '' : asText(cond.$options);
    if (options === 'i') {
      const starts = pattern.startsWith('^') ? unescapeRegex(pattern.slice(1)) : null;
      if (starts !== null) return [rule('beginsWith', starts)];
      const plain = unescapeRegex(pattern);
      if (plain !== null) return [rule('contains', plain)];
    }
    if (options !== '') throw new UnsupportedQuery('pattern options');
    return [rule('matches', pattern)];
  }
  return keys.map((k) => {
    const v = cond[k];
    switch (k) {
      case '$eq':
      case '$ne':
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        return rule(k.slice(1) as Operator, text(v));
      case '$in':
      case '$nin':
        if (!Array.isArray(v)) throw new UnsupportedQuery(`${k} without a list`);
        return rule(k.slice(1) as Operator, v.map(text));
      case '$exists':
        return rule(v ? 'notEmpty' : 'empty', '');
      default:
        throw new UnsupportedQuery(`the operator ${k}`);
    }
  });
}

function parseFilter(q: unknown, combinator: 'and' | 'or', prefix?: string): QueryGroup {
  if (!isObject(q)) throw new UnsupportedQuery('a filter that is not an object');
  const entries = Object.entries(q);
  const group: QueryGroup = { kind: 'group', id: newId(), combinator, rules: [] };
  const add = (items: Array<QueryRule | QueryGroup>) => group.rules.push(...items);
  for (const [key, value] of entries) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || !value.length) throw new UnsupportedQuery(`${key} without a list`);
      const inner = key === '$and' ? 'and' : 'or';
      const subs = value.map((v) => parseFilter(v, 'and', prefix));
      const joined: QueryGroup = { kind: 'group', id: newId(), combinator: inner, rules: subs.flatMap((s) => (s.rules.length === 1 ? s.rules : [s])) };
      if (entries.length === 1) return { ...joined, id: group.id };
      add([joined]);
    } else if (key.startsWith('$')) {
      throw new UnsupportedQuery(`the operator ${key}`);
    } else if (!prefix && (key === 'addresses' || key === 'policies')) {
      if (!isObject(value) || Object.keys(value).length !== 1 || !('$elemMatch' in value)) throw new UnsupportedQuery(`${key} without $elemMatch`);
      const inner = parseFilter(value.$elemMatch, 'and', key);
      add([{ ...inner, record: key }]);
    } else {
      add(parseCondition(prefix ? `${prefix}.${key}` : key, value));
    }
  }
  if (!group.rules.length) throw new UnsupportedQuery('an empty filter');
  return group;
}

/** The builder's model for a saved query (the mongodb JSON text); UnsupportedQuery when it cannot show it. */
export function fromMongo(mongodb: string): QueryGroup {
  let q: unknown;
  try {
    q = JSON.parse(mongodb);
  } catch {
    throw new UnsupportedQuery('text that is not JSON');
  }
  const group = parseFilter(q, 'and');
  // a single $elemMatch at the top is the whole query tied to one record
  if (group.rules.length === 1 && group.rules[0].kind === 'group' && group.rules[0].record) return { ...group.rules[0], id: group.id };
  return group;
}
