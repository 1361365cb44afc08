// Which database Naiko runs on, and the Prisma driver adapter for it.
//
// - DATABASE_URL unset: PostgreSQL on 127.0.0.1:5432 (database `naiko`) when it answers, else an
//   embedded PGlite database under `.data/pglite` (in-process, file-backed).
// - DATABASE_URL=pglite or pglite:<dir>: embedded PGlite, on purpose.
// - DATABASE_URL=postgres[ql]://...: that server, and it must answer (a configured database that
//   is down is an outage, not a reason to silently start on an empty embedded one).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { ensureDatabase, postgresAnswers } from './postgres';

export const DEFAULT_POSTGRES_URL = 'postgresql://postgres@127.0.0.1:5432/naiko';

export type DatabaseTarget =
  { kind: 'postgres'; url: string; reason: string } | { kind: 'pglite'; dataDir: string; reason: string };

/** Decides where to run from DATABASE_URL (possibly unset) and the data directory. */
export async function resolveDatabaseTarget(
  databaseUrl: string | undefined,
  dataDir: string,
  allowEmbedded = true,
  /** Where to look for a local PostgreSQL when DATABASE_URL is unset (tests point it elsewhere). */
  defaultUrl = DEFAULT_POSTGRES_URL,
): Promise<DatabaseTarget> {
  if (databaseUrl && /^pglite(:|$)/.test(databaseUrl)) {
    const dir = databaseUrl.slice('pglite:'.length) || resolve(dataDir, 'pglite');
    return { kind: 'pglite', dataDir: resolve(dir), reason: 'DATABASE_URL asks for embedded PGlite' };
  }
  if (databaseUrl) {
    if (!(await postgresAnswers(databaseUrl))) {
      throw new Error(`DATABASE_URL: no PostgreSQL answers at ${redactUrl(databaseUrl)}`);
    }
    return { kind: 'postgres', url: databaseUrl, reason: 'DATABASE_URL is set' };
  }
  const where = new URL(defaultUrl).host;
  if (await postgresAnswers(defaultUrl)) {
    return { kind: 'postgres', url: defaultUrl, reason: `PostgreSQL answers on ${where}` };
  }
  if (!allowEmbedded) {
    throw new Error(`No PostgreSQL answers on ${where}: start PostgreSQL or set DATABASE_URL`);
  }
  return {
    kind: 'pglite',
    dataDir: resolve(dataDir, 'pglite'),
    reason: `no PostgreSQL answers on ${where}, using embedded PGlite`,
  };
}

/** A URL safe to log (password removed). */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparseable url>';
  }
}

/** An open database: the adapter factory for PrismaClient and the schema engine, and how to close it. */
export interface DatabaseConnection {
  readonly target: DatabaseTarget;
  /**
   * For the schema engine (migrations) and one-off clients: on PostgreSQL each connect() opens its
   * own pool and closes it when disposed — the migration's session advisory lock must die with
   * its connections, never stay behind on a connection of the app's pool (a second copy starting
   * at the same time would wait for it forever).
   */
  readonly adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** The app's PrismaClient adapter (PrismaService): on PostgreSQL over the pool `sql` shares. */
  readonly clientAdapter: SqlMigrationAwareDriverAdapterFactory;
  /**
   * PostgreSQL only: a second, small pool (LANE_POOL_SIZE) for the transactions that stop every
   * other writer of a tournament while they run (PrismaService.lane): on the main pool they queued
   * for a connection behind the hands' writes, and every table of the tournament waited meanwhile.
   */
  readonly laneAdapter?: SqlMigrationAwareDriverAdapterFactory;
  /** Human-readable, password-free description for logs. */
  readonly description: string;
  /**
   * PostgreSQL only: plain queries on the same pool as Prisma, for the few hot statements where
   * Prisma's per-query cost would dominate (the hand store's append). Absent for PGlite.
   */
  readonly sql?: SqlRunner;
  close(): Promise<void>;
}

/** One parameterised statement, optionally prepared by name on each connection. */
export type SqlRunner = <R extends Record<string, unknown>>(query: {
  name?: string;
  text: string;
  values: unknown[];
}) => Promise<{ rows: R[] }>;

/**
 * Connections of the lane pool (DatabaseConnection.laneAdapter). A tournament has one
 * tournament-wide run at a time in a process (its gate), so this bounds how many tournaments run
 * one at once; the others' runs wait for a lane connection (not behind the hands' writes).
 */
export const LANE_POOL_SIZE = 4;

/** Opens the target (creating the PostgreSQL database or the PGlite directory on first use). */
export async function openDatabase(
  target: DatabaseTarget,
  /** PostgreSQL only: the connection pool's size (node-postgres's default: 10). */
  options: { poolSize?: number } = {},
): Promise<DatabaseConnection> {
  if (target.kind === 'postgres') {
    await ensureDatabase(target.url);
    const pool = new Pool({ connectionString: target.url, ...(options.poolSize ? { max: options.poolSize } : {}) });
    const lanePool = new Pool({ connectionString: target.url, max: LANE_POOL_SIZE });
    // An idle connection that breaks must not crash the process (Prisma logs its own errors).
    pool.on('error', () => undefined);
    lanePool.on('error', () => undefined);
    return {
      target,
      adapterFactory: new PrismaPg({ connectionString: target.url }),
      clientAdapter: new PrismaPg(pool),
      laneAdapter: new PrismaPg(lanePool),
      description: `PostgreSQL ${redactUrl(target.url)}`,
      sql: (q) => pool.query(q),
      close: async () => {
        await Promise.all([pool.end(), lanePool.end()]);
      },
    };
  }
  mkdirSync(target.dataDir, { recursive: true });
  const pglite = await PGlite.create(target.dataDir);
  // pglite-prisma-adapter is typed against an older @prisma/driver-adapter-utils; same shape.
  const adapter = new PrismaPGlite(pglite) as unknown as SqlMigrationAwareDriverAdapterFactory;
  return {
    target,
    adapterFactory: adapter,
    clientAdapter: adapter,
    description: `embedded PGlite ${target.dataDir}`,
    close: () => pglite.close(),
  };
}
