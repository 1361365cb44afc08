// What a page says when the server (or the browser) refuses something (issue 22): the field in
// words and what to do — never a raw "ThrottlerException", "Invalid time value" or "invalid request".
import { ApiError } from './api';

const RAW: [RegExp, string][] = [
  [/ThrottlerException|Too Many Requests/i, 'Too many attempts: wait a minute, then try again.'],
  [/Invalid time value/i, 'Enter a valid date and time.'],
  [/^invalid (request|payload)/i, 'Some fields are not valid: check them and try again.'],
  [/Failed to fetch|NetworkError/i, 'The server cannot be reached: check your connection and try again.'],
];

function humane(text: string): string {
  for (const [re, words] of RAW) if (re.test(text)) return words;
  return text;
}

/** A sentence for any error a page catches. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return 'Too many attempts: wait a minute, then try again.';
    const body = err.body as { message?: unknown } | undefined;
    const message = body?.message;
    if (Array.isArray(message)) return message.map((x) => humane(sentence(String(x)))).join(' ');
    if (typeof message === 'string' && message) return humane(sentence(message));
    return err.status >= 500
      ? 'Something went wrong on the server: try again in a moment.'
      : `The request was refused (HTTP ${err.status}).`;
  }
  return humane(err instanceof Error ? err.message : String(err));
}

/** class-validator says "username must be longer than or equal to 3 characters": capitalise, end with a period. */
function sentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  const capitalized = trimmed[0].toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

/**
 * A page's action runner: runs an action, shows its success text or the refusal in words as the
 * page's message, then reloads the page's data (which renders it) either way.
 */
export function actionRunner(setMessage: (message: string) => void, reload: () => Promise<void>) {
  return async (action: () => Promise<unknown>, ok: string): Promise<void> => {
    try {
      await action();
      setMessage(ok);
    } catch (error) {
      setMessage(errorMessage(error));
    }
    await reload();
  };
}
