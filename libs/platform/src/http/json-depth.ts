// Request bodies nested deeper than MAX_JSON_DEPTH are refused with a typed 400 before they are
// parsed (issue 19.8): JSON.parse copes with deep nesting, but class-transformer and the
// validators recurse once per level and overflow the stack (a 500) on a 40,000-deep array.
// The scan is one pass over the raw bytes, outside strings.

export const MAX_JSON_DEPTH = 32;

/** True when `raw` (JSON text) nests objects/arrays deeper than `max`. */
export function jsonTooDeep(raw: Buffer | string, max = MAX_JSON_DEPTH): boolean {
  const text = typeof raw === 'string' ? raw : raw.toString('utf8');
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** body-parser `verify` hook: throws a 400 error body-parser hands to the error handler. */
export function refuseDeepJson(_req: unknown, _res: unknown, raw: Buffer): void {
  if (jsonTooDeep(raw)) {
    throw Object.assign(new Error(`request body nested deeper than ${MAX_JSON_DEPTH} levels`), {
      status: 400,
      statusCode: 400,
      expose: true,
      type: 'entity.too.deep',
    });
  }
}
