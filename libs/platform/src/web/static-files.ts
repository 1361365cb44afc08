// Serves the built web client (dist/web, see apps/web) from the same origin as the API, so the
// client needs no CORS and no configured URL. Registered after Nest's routes (see web.module.ts):
// an API path always wins; anything else that names a file under the client's folder is served.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

/**
 * The folder of the built client: WEB_DIST_DIR, else `dist/web` of the repository this file lives in (source or build).
 */
export function webDistDir(env: { WEB_DIST_DIR?: string }): string {
  if (env.WEB_DIST_DIR) return resolve(env.WEB_DIST_DIR);
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, 'dist', 'web');
}

/** Maps a request path to a file inside `root`, or null (outside the folder, missing, a folder without index.html). */
export function resolveStaticFile(root: string, urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const full = normalize(join(root, path));
  if (full !== root && !full.startsWith(root + sep)) return null;
  const file = path.endsWith('/') ? join(full, 'index.html') : full;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

type Next = (err?: unknown) => void;

/** Connect-style middleware: GET/HEAD of a file of the client, else next(). */
export function staticFiles(root: string) {
  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = resolveStaticFile(root, req.url ?? '/');
    if (!file) return next();
    res.statusCode = 200;
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    // Vite puts a content hash in every asset name: those may be cached for good; index.html not.
    res.setHeader(
      'Cache-Control',
      file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).on('error', next).pipe(res);
  };
}
