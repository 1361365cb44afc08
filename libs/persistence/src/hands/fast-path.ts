// The table host's two hand writes in one round trip each: the append (migration
// `hand_append_function`) and the start of a hand (`hand_start_function`). The host stores every
// accepted action before it broadcasts it, so the append is on every action's latency. The general
// path (hand-store.ts) is an interactive transaction of six round trips; this one is a single
// `SELECT naiko_append_hand_events(...)`, which does the same locks, checks and writes inside
// PostgreSQL and returns 'ok' — or a code for anything unusual (a retry, a missing account,
// refused funds, a stale fencing token), in which case it wrote nothing and the caller runs the
// general path, the one place that decides those cases and raises their typed errors.
//
// It needs what the general path reads from the hand row first (players, book, table or
// tournament): HandStore keeps that per running hand (it never changes once the hand started).
import type { LedgerReason, Movement, References } from '../ledger/ledger';
import type { LedgerDb } from '../ledger/ledger';
import type { SqlRunner } from '../prisma/database';
import { json, netPostings } from './append-sql';

/** A fencing token to check in the append's transaction (cluster/fence.ts does the same upsert). */
export interface FenceToken {
  tableId: string;
  token: number;
  owner: string;
}

export type FastAppendOutcome =
  'ok' | 'unknown-hand' | 'seq' | 'not-running' | 'stale-fence' | 'missing-account' | 'funds' | 'pot-left';

export interface FastAppend {
  handId: string;
  fromSeq: number;
  payloads: { type: string }[];
  groups: Map<LedgerReason, Movement[]>;
  refs: References;
  potKey: string;
  ended: { status: 'completed' | 'cancelled'; payload: unknown } | null;
  fence: FenceToken | null;
  /** The seq in the postings' idempotency keys (default fromSeq; a hand's end: 0, the whole hand). */
  keySeq?: number;
}

/** Runs one of the functions: through plain pg (prepared by name) when there is a pool, else Prisma. */
async function call<T extends string>(
  db: LedgerDb,
  sql: SqlRunner | undefined,
  name: string,
  text: string,
  params: unknown[],
): Promise<T> {
  if (sql) {
    // Plain pg, prepared once per connection: Prisma's own cost per query is larger than the query's.
    const { rows } = await sql<{ r: T }>({ name, text, values: params });
    return rows[0].r;
  }
  const rows = await db.$queryRawUnsafe<{ r: T }[]>(text, ...params);
  return rows[0].r;
}

export function appendFast(
  db: LedgerDb,
  sql: SqlRunner | undefined,
  fastAppend: FastAppend,
): Promise<FastAppendOutcome> {
  return postFast(db, sql, fastAppend, 'naiko_append_hand_events', APPEND_SQL);
}

/**
 * A hand's end (issue 20): the events the journal has not written (from `fromSeq`, which must be
 * the number of events stored), the result and every chip movement of the whole hand, in one
 * round trip (`naiko_end_hand`, migration `hand_journal`).
 */
export function endFast(db: LedgerDb, sql: SqlRunner | undefined, fastAppend: FastAppend): Promise<FastAppendOutcome> {
  return postFast(db, sql, fastAppend, 'naiko_end_hand', END_SQL);
}

async function postFast(
  db: LedgerDb,
  sql: SqlRunner | undefined,
  fastAppend: FastAppend,
  name: string,
  text: string,
): Promise<FastAppendOutcome> {
  const postings = netPostings(
    fastAppend.handId,
    fastAppend.keySeq ?? fastAppend.fromSeq,
    fastAppend.groups,
    fastAppend.refs,
  ).map((nettedPosting) => ({
    key: nettedPosting.idempotencyKey,
    reason: nettedPosting.reason,
    table_id: nettedPosting.refs.tableId ?? null,
    hand_id: nettedPosting.refs.handId ?? null,
    tournament_id: nettedPosting.refs.tournamentId ?? null,
    request: nettedPosting.request,
    nets: nettedPosting.nets.map((n) => ({ a: n.key, v: n.amount.toString() })),
  }));
  const params = [
    fastAppend.handId,
    fastAppend.fromSeq,
    json(fastAppend.payloads),
    json(postings),
    fastAppend.ended?.status ?? null,
    fastAppend.ended ? json(fastAppend.ended.payload) : null,
    fastAppend.potKey,
    fastAppend.fence?.tableId ?? null,
    fastAppend.fence ? String(fastAppend.fence.token) : null,
    fastAppend.fence?.owner ?? null,
  ];
  return call<FastAppendOutcome>(db, sql, name, text, params);
}

export type FastStartOutcome = 'ok' | 'stale-fence' | 'missing-account' | 'funds';

export interface FastStart {
  id: string;
  tableId: string | null;
  tournamentId: string | null;
  handNumber: number | null;
  book: string;
  config: unknown;
  players: unknown;
  commitment: string | null;
  /** Each dealt-in player's stack account and the chips the config deals him in with. */
  stacks: { key: string; stack: number }[];
  fence: FenceToken | null;
}

/** The new hand's parameters, in the order naiko_start_hand and naiko_deal_hand take them. */
function handParams(fastStart: FastStart): unknown[] {
  return [
    fastStart.id,
    fastStart.tableId,
    fastStart.tournamentId,
    fastStart.handNumber,
    fastStart.book,
    json(fastStart.config),
    json(fastStart.players),
    fastStart.commitment,
    json(fastStart.stacks),
  ];
}

/** The fencing token's three parameters (all null outside cluster mode). */
function fenceParams(fence: FenceToken | null): unknown[] {
  return [fence?.tableId ?? null, fence ? String(fence.token) : null, fence?.owner ?? null];
}

export function startFast(db: LedgerDb, sql: SqlRunner | undefined, fastStart: FastStart): Promise<FastStartOutcome> {
  return call<FastStartOutcome>(db, sql, 'naiko_start_hand', START_SQL, [
    ...handParams(fastStart),
    ...fenceParams(fastStart.fence),
  ]);
}

const START_SQL =
  'SELECT naiko_start_hand($1::uuid, $2::text, $3::text, $4::int, $5::text, $6::jsonb, $7::jsonb, $8::text, $9::jsonb, $10::text, $11::bigint, $12::text) AS r';

const APPEND_SQL =
  'SELECT naiko_append_hand_events($1::uuid, $2::int, $3::jsonb, $4::jsonb, $5::text, $6::jsonb, $7::text, $8::text, $9::bigint, $10::text) AS r';

const END_SQL =
  'SELECT naiko_end_hand($1::uuid, $2::int, $3::jsonb, $4::jsonb, $5::text, $6::jsonb, $7::text, $8::text, $9::bigint, $10::text) AS r';

export interface FastDeal extends FastStart {
  seed: string | null;
  /** The deal's events (seq 0 ..), as one JSON array text. */
  events: string;
}

/** HandStore.dealHand in one round trip (`naiko_deal_hand`): the hand, its seed and its first events. */
export function dealFast(db: LedgerDb, sql: SqlRunner | undefined, fastDeal: FastDeal): Promise<FastStartOutcome> {
  return call<FastStartOutcome>(db, sql, 'naiko_deal_hand', DEAL_SQL, [
    ...handParams(fastDeal),
    fastDeal.seed,
    fastDeal.events,
    ...fenceParams(fastDeal.fence),
  ]);
}

const DEAL_SQL =
  'SELECT naiko_deal_hand($1::uuid, $2::text, $3::text, $4::int, $5::text, $6::jsonb, $7::jsonb, $8::text, $9::jsonb, $10::text, $11::jsonb, $12::text, $13::bigint, $14::text) AS r';
