/** Drops empty, null and undefined fields (and empty nested objects) before a create. */
export function dropEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length) out[k] = v;
      continue;
    }
    if (typeof v === 'object') {
      const inner = dropEmpty(v as Record<string, unknown>);
      if (Object.keys(inner).length) out[k] = inner;
      continue;
    }
    out[k] = v;
  }
  return out as Partial<T>;
}

/** For an update: a field left empty (undefined) is sent as null, so clearing it clears it on the server. */
export function emptyAsNull<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) out[k] = null;
    else if (v && typeof v === 'object' && !Array.isArray(v)) out[k] = emptyAsNull(v as Record<string, unknown>);
    else out[k] = v;
  }
  return out as T;
}
