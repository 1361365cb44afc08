// Small helpers around a PostgreSQL connection string: probing, creating and dropping databases.
// Start-up uses them to create the configured database on first run; e2e tests use them to get
// a private database per test file.
import { Client } from 'pg';

/** The same URL pointing at another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The database name of a connection string (`postgres` when none is given, like libpq). */
export function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  return name || 'postgres';
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Runs `fn` with a client on the server's maintenance database (`postgres`). */
async function withMaintenanceClient<T>(url: string, fn: (c: Client) => Promise<T>, timeoutMs = 3000): Promise<T> {
  const client = new Client({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** True when a PostgreSQL server answers at `url` (the database itself need not exist). */
export async function postgresAnswers(url: string, timeoutMs = 1500): Promise<boolean> {
  try {
    await withMaintenanceClient(url, (c) => c.query('SELECT 1'), timeoutMs);
    return true;
  } catch {
    return false;
  }
}

/** Creates the URL's database unless it exists. Returns true when it had to create it. */
export async function ensureDatabase(url: string): Promise<boolean> {
  const name = databaseName(url);
  return withMaintenanceClient(url, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    } catch (err) {
      // Another process created it between the check and the CREATE: fine.
      if ((err as { code?: string }).code !== '42P04') throw err;
      return false;
    }
    return true;
  });
}

/** Drops the URL's database, disconnecting anyone still on it. */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await withMaintenanceClient(url, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
}
