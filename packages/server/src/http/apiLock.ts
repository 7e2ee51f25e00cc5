// The API keeps its word: every operation and every response field ever released stays, with its
// type, because a remote rolled back to an older release still calls it. The lock
// (packages/server/api-lock.json) holds each `METHOD /path` with, per answer status, its fields
// (`a.b[].c`) and their JSON types; it only grows. A field that must change takes a new operation
// (a new path or version) beside the old one.

/** An operation's answers: status -> field path -> type. */
export type LockedOperation = Record<string, Record<string, string>>;
export type ApiLock = Record<string, LockedOperation>;

interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

const typeOf = (s: JsonSchema): string => {
  const types = new Set<string>();
  const add = (x: JsonSchema) => {
    if (Array.isArray(x.type)) x.type.forEach((t) => types.add(t));
    else if (x.type) types.add(x.type);
    else if (x.properties) types.add('object');
    if (x.nullable) types.add('null');
    for (const alt of [...(x.anyOf ?? []), ...(x.oneOf ?? [])]) add(alt);
  };
  add(s);
  return types.size ? [...types].sort().join('|') : 'any';
};

/** Every field of a schema, by its path, with its type; nested objects and arrays down to `depth`. */
function fieldsOf(schema: JsonSchema, prefix: string, out: Record<string, string>, depth: number): void {
  out[prefix || '.'] = typeOf(schema);
  if (depth === 0) return;
  const parts = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  for (const part of parts) {
    for (const [key, child] of Object.entries(part.properties ?? {})) fieldsOf(child, prefix ? `${prefix}.${key}` : key, out, depth - 1);
    if (part.items) fieldsOf(part.items, `${prefix}[]`, out, depth - 1);
  }
}

interface OpenApiDoc {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }>>;
}

/** The lock's view of an OpenAPI document. */
export function lockOf(doc: OpenApiDoc): ApiLock {
  const lock: ApiLock = {};
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const answers: LockedOperation = {};
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        const fields: Record<string, string> = {};
        if (schema) fieldsOf(schema, '', fields, 6);
        answers[status] = fields;
      }
      lock[`${method.toUpperCase()} ${path}`] = answers;
    }
  }
  return lock;
}

/** What the API no longer keeps of the lock: operations gone, answers gone, fields gone or of another type. */
export function brokenPromises(lock: ApiLock, now: ApiLock): string[] {
  const broken: string[] = [];
  for (const [op, answers] of Object.entries(lock)) {
    const current = now[op];
    if (!current) {
      broken.push(`${op} is gone`);
      continue;
    }
    for (const [status, fields] of Object.entries(answers)) {
      const currentFields = current[status];
      if (!currentFields) {
        broken.push(`${op} no longer answers ${status}`);
        continue;
      }
      for (const [field, type] of Object.entries(fields)) {
        const t = currentFields[field];
        if (t === undefined) broken.push(`${op} ${status}: ${field} is gone`);
        // a field may come to allow more (null, another type) but never lose a type it had
        else if (type !== 'any' && !type.split('|').every((x) => t === 'any' || t.split('|').includes(x)))
          broken.push(`${op} ${status}: ${field} was ${type}, now ${t}`);
      }
    }
  }
  return broken;
}

/** The lock with what the API newly offers added; nothing is removed. */
export function grownLock(lock: ApiLock, now: ApiLock): ApiLock {
  const out: ApiLock = structuredClone(lock);
  for (const [op, answers] of Object.entries(now)) {
    const o = (out[op] ??= {});
    for (const [status, fields] of Object.entries(answers)) {
      const f = (o[status] ??= {});
      for (const [field, type] of Object.entries(fields)) if (f[field] === undefined) f[field] = type;
    }
  }
  const sorted = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  return sorted(
    Object.fromEntries(Object.entries(out).map(([op, a]) => [op, sorted(Object.fromEntries(Object.entries(a).map(([s, f]) => [s, sorted(f)])))])),
  ) as ApiLock;
}
