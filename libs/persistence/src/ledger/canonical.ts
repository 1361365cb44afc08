// Canonical JSON (object keys sorted at every level). PostgreSQL's jsonb reorders keys, so a
// stored request is compared with a new one in this form.
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const field = (value as Record<string, unknown>)[key];
      if (field !== undefined) out[key] = sortKeys(field);
    }
    return out;
  }
  return value;
}
