// CORS (issue 19.8): only the origins in CORS_ORIGINS get CORS headers (with credentials), for the
// HTTP API and for socket.io's polling transport alike; any other origin gets none, so a page on
// another site cannot read answers. Requests without an Origin (same-origin navigations, the
// scraper, curl, other servers) are unaffected. The web client is served by the same origin and
// needs no entry.

type OriginCallback = (err: Error | null, allow?: boolean | string) => void;

let allowed = new Set<string>();

/** Set once at start-up from the validated config. */
export function configureCorsOrigins(origins: readonly string[]): void {
  allowed = new Set(origins);
}

/** The `origin` option of the cors package (express and socket.io). */
export function corsOrigin(origin: string | undefined, cb: OriginCallback): void {
  cb(null, origin !== undefined && allowed.has(origin) ? origin : false);
}

export const CORS_OPTIONS = { origin: corsOrigin, credentials: true } as const;
