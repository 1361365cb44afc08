// Free text typed by people and shown to others (table names, chat; issue 19.8). Refused — not
// silently stripped, so the sender sees why — when it holds characters that are invisible or that
// reorder what is displayed: C0/C1 controls (NUL, tab, newline, ...), DEL, bidirectional marks,
// embeddings, overrides and isolates (U+061C, U+200E/F, U+202A–E, U+2066–9), zero-width
// characters (U+200B–D, U+2060–4, U+FEFF), line/paragraph separators and other invisible format
// characters. The cost: emoji sequences joined by U+200D are refused too.
import { z } from 'zod';

export const UNSAFE_TEXT =
  /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u206F\uFEFF\uFFF9-\uFFFB]/u;

export const UNSAFE_TEXT_MESSAGE = 'must not contain control, zero-width or bidirectional-override characters';

/** A trimmed string of `min`..`max` characters with none of UNSAFE_TEXT (checked before trimming). */
export function safeText(min: number, max: number) {
  return z
    .string()
    .refine((s) => !UNSAFE_TEXT.test(s), { message: UNSAFE_TEXT_MESSAGE })
    .trim()
    .min(min)
    .max(max);
}
