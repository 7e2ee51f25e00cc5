/**
 * Whether a client matches a dynamic tag's query (a MongoDB-style JSON object over the client's
 * camelCase fields): plain values compare for equality, and $eq, $ne, $in, $nin, $gt, $gte, $lt,
 * $lte, $exists, $regex (with $options), $and, $or, $nor and $not are understood. An operator it
 * does not know matches nothing, so a query never tags more clients than it says.
 */
export function matchesQuery(doc: Record<string, unknown>, query: unknown): boolean {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return false;
  return Object.entries(query as Record<string, unknown>).every(([key, cond]) => {
    if (key === '$and') return Array.isArray(cond) && cond.every((q) => matchesQuery(doc, q));
    if (key === '$or') return Array.isArray(cond) && cond.some((q) => matchesQuery(doc, q));
    if (key === '$nor') return Array.isArray(cond) && !cond.some((q) => matchesQuery(doc, q));
    if (key.startsWith('$')) return false;
    return matchesField(fieldValue(doc, key), cond);
  });
}

function fieldValue(doc: Record<string, unknown>, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (value === null || value === undefined) return undefined;
    if (Array.isArray(value)) value = value.map((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined)).flat();
    else if (typeof value === 'object') value = (value as Record<string, unknown>)[part];
    else return undefined;
  }
  return value;
}

const isOperatorObject = (cond: unknown): cond is Record<string, unknown> =>
  !!cond && typeof cond === 'object' && !Array.isArray(cond) && Object.keys(cond).length > 0 && Object.keys(cond).every((k) => k.startsWith('$'));

function matchesField(value: unknown, cond: unknown): boolean {
  if (!isOperatorObject(cond)) return anyValue(value, (v) => equal(v, cond));
  const options = typeof cond.$options === 'string' ? cond.$options : '';
  return Object.entries(cond).every(([op, arg]) => {
    switch (op) {
      case '$eq':
        return anyValue(value, (v) => equal(v, arg));
      case '$ne':
        return !anyValue(value, (v) => equal(v, arg));
      case '$in':
        return Array.isArray(arg) && anyValue(value, (v) => arg.some((a) => equal(v, a)));
      case '$nin':
        return Array.isArray(arg) && !anyValue(value, (v) => arg.some((a) => equal(v, a)));
      case '$gt':
        return anyValue(value, (v) => compare(v, arg) > 0);
      case '$gte':
        return anyValue(value, (v) => compare(v, arg) >= 0);
      case '$lt':
        return anyValue(value, (v) => compare(v, arg) < 0);
      case '$lte':
        return anyValue(value, (v) => compare(v, arg) <= 0);
      case '$exists':
        return (value !== undefined && value !== null) === !!arg;
      case '$regex': {
        let re: RegExp;
        try {
          re = new RegExp(String(arg), options.replace(/[^imsu]/g, ''));
        } catch {
          return false;
        }
        return anyValue(value, (v) => typeof v === 'string' && re.test(v));
      }
      case '$options':
        return true;
      case '$not':
        return !matchesField(value, arg);
      default:
        return false;
    }
  });
}

function anyValue(value: unknown, test: (v: unknown) => boolean): boolean {
  if (Array.isArray(value)) return value.some(test) || test(value);
  return test(value);
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined && b === null) return true;
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if (a && b && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') {
    const da = Date.parse(a);
    const db = Date.parse(b);
    if (!Number.isNaN(da) && !Number.isNaN(db) && /\d{4}/.test(a) && /\d{4}/.test(b)) return da - db;
    return a.localeCompare(b);
  }
  return Number.NaN;
}

/** snake_case row keys to the camelCase names a tag query uses. */
export function camelizeRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())] = v;
  return out;
}
