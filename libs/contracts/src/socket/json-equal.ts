// Whether two values encode to the same JSON, without encoding them. The server compares each seat's
// events and view with the public ones on every action (`privatePart`); building both JSON strings
// for every pair was most of that comparison's cost (issue #20's profile: ~4 % of the server's CPU).

/** What JSON leaves out of an object (and writes as null in an array). */
const unwritten = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** An object JSON writes from its own keys alone: an array or a plain object without `toJSON`. */
function plain(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** What JSON writes for a primitive, as a value comparable with `===` (NaN and ±Infinity are null). */
const primitive = (v: unknown): unknown =>
  typeof v === 'number' ? (Number.isFinite(v) ? v : null) : unwritten(v) ? undefined : v;

/** Exactly `JSON.stringify(one) === JSON.stringify(other)` (key order included), for values JSON can encode. */
export function jsonEqual(one: unknown, other: unknown): boolean {
  if (one === other) return true;
  const objectOne = typeof one === 'object' && one !== null;
  const objectOther = typeof other === 'object' && other !== null;
  if (!objectOne && !objectOther) return primitive(one) === primitive(other);
  const plainOne = plain(one);
  const plainOther = plain(other);
  if (!plainOne || !plainOther) {
    // "{…}" or "[…]" never equals what a primitive encodes to (null, a number, a boolean, a quoted string).
    if ((plainOne && !objectOther) || (plainOther && !objectOne)) return false;
    return JSON.stringify(one) === JSON.stringify(other); // toJSON, a class instance: as JSON encodes it
  }
  if (Array.isArray(one) || Array.isArray(other)) {
    if (!Array.isArray(one) || !Array.isArray(other) || one.length !== other.length) return false;
    for (let i = 0; i < one.length; i++) {
      if (!jsonEqual(unwritten(one[i]) ? null : one[i], unwritten(other[i]) ? null : other[i])) return false;
    }
    return true;
  }
  // Objects: the keys JSON writes, in its order (Object.keys'), pair up one by one.
  const keysOne = Object.keys(one);
  const keysOther = Object.keys(other);
  let atOne = 0;
  let atOther = 0;
  for (;;) {
    while (atOne < keysOne.length && unwritten(one[keysOne[atOne]!])) atOne++;
    while (atOther < keysOther.length && unwritten(other[keysOther[atOther]!])) atOther++;
    if (atOne === keysOne.length || atOther === keysOther.length)
      return atOne === keysOne.length && atOther === keysOther.length;
    const key = keysOne[atOne]!;
    if (key !== keysOther[atOther] || !jsonEqual(one[key], other[key])) return false;
    atOne++;
    atOther++;
  }
}
