// Hand storage: config, deck commitment, append-only events and result; the ledger mirrors the
// chips each append moves (one posting per reason, see append-sql.ts) in the same database
// transaction as the events themselves.
//
// Order of operations for a table host (principle 7: persist, then broadcast):
//   const { handId } = await hands.startHand({ tableId, config, players, commitment });
//   const r = apply(state, action);                       // engine
//   await hands.appendEvents(handId, nextSeq, r.events);  // events + chip movements, one transaction
//   broadcast(r.events);                                  // only after appendEvents resolved
// Append each apply() result in ONE call: then a hand's pot awards and its `hand-ended` are
// stored together and a crash can only ever find a hand between two accepted actions.
import { randomUUID } from 'node:crypto';
import { exportPhh, exportPhhFor, type HandConfig, type HandEvent } from '@naiko/engine';
import { Prisma } from '../generated/prisma/client';
import { Accounts, CHIPS_BOOK, tournamentBook, type AccountSpec } from '../ledger/accounts';
import { canonicalJson } from '../ledger/canonical';
import {
  EventSeqConflictError,
  HandNotRunningError,
  InsufficientFundsError,
  InvalidInputError,
  UnknownAccountError,
  UnknownHandError,
} from '../ledger/errors';
import {
  ensureAccounts,
  inTransaction,
  type LedgerDb,
  type LedgerReason,
  type Movement,
  type Tx,
} from '../ledger/ledger';
import * as check from '../ledger/limits';
import type { SqlRunner } from '../prisma/database';
import { appendFast, dealFast, endFast, startFast, type FenceToken } from './fast-path';
import { HandJournal } from './hand-journal';
import { appendStatement, planPostings, type HandRow } from './append-sql';
import { chipFlowsOf, terminalStatus, type FlowKind } from './chip-flows';

export interface HandPlayer {
  /** Table seat index (as in the engine config's seats). */
  seat: number;
  userId: string;
}

export interface StartHandInput {
  /** Exactly one of tableId (cash table: chips book) and tournamentId (the tournament's book). */
  tableId?: string;
  tournamentId?: string;
  handNumber?: number;
  /** The engine config (stored as JSON; a rake *function* is not stored). */
  config: HandConfig;
  players: HandPlayer[];
  commitment?: string;
}

export interface StoredPlayer extends HandPlayer {
  accountKey: string;
}

export interface StoredHand {
  id: string;
  tableId: string | null;
  tournamentId: string | null;
  handNumber: number | null;
  book: string;
  config: HandConfig;
  players: StoredPlayer[];
  commitment: string | null;
  status: 'running' | 'completed' | 'cancelled';
  result: unknown;
  eventCount: number;
  /** Chips posted once at the hand's end (issue 20: dealHand/journal/endHand); false: per append. */
  ledgerAtEnd: boolean;
}

export interface StoredEvent {
  seq: number;
  type: string;
  payload: { type: string; [k: string]: unknown };
}

export interface AppendResult {
  handId: string;
  /** The seq the next appendEvents call must pass. */
  nextSeq: number;
  status: StoredHand['status'];
  /** True when these exact events were already stored (a retry): nothing was written. */
  replayed: boolean;
}

export type HandEventInput = { type: string; [k: string]: unknown };

export interface DealHandInput extends StartHandInput {
  /** The hand's secret deal seed (scheme naiko-merkle-v2); null: a test deck. */
  seed: string | null;
  /** The deal's events (seq 0 ..): stored with the hand. */
  events: readonly HandEventInput[];
}

const MAX_EVENT_BYTES = 64 * 1024;
const MAX_COMMITMENT = 512;

const REASON: Record<FlowKind, LedgerReason> = {
  contribution: 'hand_contribution',
  award: 'hand_award',
  rake: 'hand_award',
  refund: 'crash_refund',
};

export function stackAccount(
  hand: { tableId: string | null; tournamentId: string | null },
  userId: string,
): AccountSpec {
  if (hand.tournamentId) return Accounts.tournamentStack(hand.tournamentId, userId);
  if (hand.tableId) return Accounts.tableStack(hand.tableId, userId);
  throw new InvalidInputError('hand', 'has neither a table nor a tournament');
}

/** JSON without functions (a rake function in the config) and with plain values only. */
function toJson(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
}

/**
 * Runs inside every write transaction of a hand (startHand, appendEvents) before anything is
 * written; throwing rolls the write back. Scale-out uses it for the table lease's fencing token.
 */
export type HandWriteGuard = ((
  tx: Tx,
  hand: { tableId: string | null; tournamentId: string | null },
) => Promise<void>) & {
  /**
   * The same guard as data, for the one-statement append (append-fast.ts): the token to check
   * (null: nothing to check for this hand), or throws when this writer may not write at all.
   * A guard without it sends every append down the general path.
   */
  fence?: (hand: { tableId: string | null; tournamentId: string | null }) => FenceToken | null;
};

/** What an append needs of its hand besides the events (fixed once the hand started). */
interface HandMeta {
  tableId: string | null;
  tournamentId: string | null;
  book: string;
  players: StoredPlayer[];
}

/** Running hands whose metadata a store keeps (one per table it writes; ended hands leave at once). */
const MAX_CACHED_HANDS = 10_000;

export class HandStore {
  private readonly running = new Map<string, HandMeta>();

  constructor(
    private readonly db: LedgerDb,
    private readonly guard?: HandWriteGuard,
    private readonly options: { fastWrites?: boolean; sql?: SqlRunner } = {},
  ) {
    // PrismaService carries plain SQL on its pool (PostgreSQL): the append's hot path uses it.
    this.sql = options.sql ?? (db as { sql?: SqlRunner }).sql;
    this.journalWriter = HandJournal.for(db, this.sql);
  }

  private readonly sql: SqlRunner | undefined;
  /** The process-wide group-commit writer of running hands' events (one per database client). */
  private readonly journalWriter: HandJournal;

  /** The journal this store writes through (tests flush it; the bench reads its stats). */
  get handJournal(): HandJournal {
    return this.journalWriter;
  }

  /** One-round-trip writes (fast-path.ts): unless turned off, or a guard that cannot be passed as data. */
  private get fast(): boolean {
    return this.options.fastWrites !== false && (!this.guard || this.guard.fence !== undefined);
  }

  private remember(handId: string, meta: HandMeta): void {
    if (this.running.size >= MAX_CACHED_HANDS) this.running.delete(this.running.keys().next().value!);
    this.running.set(handId, meta);
  }

  /**
   * Records a new running hand. Every player's stack account (table or tournament stack) must
   * exist and hold at least the stack the engine config deals him in with.
   */
  async startHand(input: StartHandInput): Promise<StoredHand> {
    const { tableId, tournamentId, ref, players, seats, book } = this.prepareStart(input);

    // The common case in one round trip; refused funds, a missing account or a stale fencing
    // token take the general path, which raises the typed error.
    if (this.fast) {
      const start = this.fastStart(input, { ref, players, seats, book });
      const outcome = await startFast(this.db, this.sql, start.row).catch(() => 'error' as const);
      if (outcome === 'ok') {
        this.remember(start.row.id, { tableId, tournamentId, book, players });
        return start.stored(false);
      }
    }
    return this.startGeneral(input, null).then((hand) => {
      this.remember(hand.id, { tableId, tournamentId, book, players });
      return hand;
    });
  }

  /**
   * The hand is the unit of durability (issue 20): ONE transaction stores the hand (seats, stacks,
   * config, commitment), its secret deal seed and the deal's first events. Its chips are posted
   * once, by `endHand`; the events in between go through `journal` (behind the broadcast).
   */
  async dealHand(input: DealHandInput): Promise<StoredHand> {
    const { tableId, tournamentId, ref, players, seats, book } = this.prepareStart(input);
    if (input.seed !== null) checkSeed(input.seed);
    const events = input.events.map((e, i) => eventJson(e, i));
    if (this.fast) {
      const start = this.fastStart(input, { ref, players, seats, book });
      const outcome = await dealFast(this.db, this.sql, {
        ...start.row,
        seed: input.seed,
        events: `[${events.join(',')}]`,
      }).catch(() => 'error' as const);
      if (outcome === 'ok') {
        this.remember(start.row.id, { tableId, tournamentId, book, players });
        this.journalWriter.began(start.row.id, events.length);
        return start.stored(true);
      }
    }
    const hand = await this.startGeneral(input, { seed: input.seed, events: input.events });
    this.remember(hand.id, { tableId, tournamentId, book, players });
    this.journalWriter.began(hand.id, events.length);
    return hand;
  }

  /**
   * Journals events fromSeq, fromSeq+1, ... of a running hand dealt by `dealHand`: queued for the
   * process-wide group-commit writer, returns at once (broadcast right after). Moves no chips.
   * The event that ends the hand goes to `endHand` instead.
   */
  journal(handIdInput: string, fromSeq: number, events: readonly HandEventInput[]): void {
    if (!this.running.has(handIdInput)) throw new UnknownHandError(handIdInput);
    const jsons = events.map((handEventInput, index) => {
      if (terminalStatus(handEventInput))
        throw new InvalidInputError(`events[${index}]`, 'the event that ends a hand goes to endHand');
      return eventJson(handEventInput, index);
    });
    if (jsons.length) this.journalWriter.append(handIdInput, fromSeq, jsons);
  }

  /**
   * Ends a hand dealt by `dealHand`: `events` is the hand's whole log (the deal's events first, the
   * one that ends the hand last). Waits for the journal, then ONE transaction writes the events
   * the journal has not, the result, and the hand's chip movements (one posting per reason, net
   * per account: contributions into the pot, the awards and the rake out of it; idempotency keys
   * `hand:<id>:seq:0:<reason>`). Refused (typed error, nothing written) like appendEvents.
   */
  async endHand(handIdInput: string, events: readonly HandEventInput[]): Promise<AppendResult> {
    const handId = check.uuid(handIdInput, 'handId');
    if (events.length === 0 || !terminalStatus(events[events.length - 1]))
      throw new InvalidInputError('events', 'the last event must end the hand');
    const payloads = events as { type: string; [k: string]: unknown }[];
    const stored = await this.journalWriter.settle(handId);
    try {
      return await this.endSettled(handId, payloads, stored);
    } catch (err) {
      this.journalWriter.unsettle(handId);
      throw err;
    }
  }

  private async endSettled(
    handId: string,
    payloads: { type: string; [k: string]: unknown }[],
    stored: number,
  ): Promise<AppendResult> {
    const meta = this.running.get(handId);
    if (meta && this.fast && stored <= payloads.length) {
      const fence = this.guard?.fence?.(meta) ?? null;
      const { groups, ended, pot, refs } = movementsOf(handId, meta, payloads);
      const tail = payloads.slice(stored);
      tail.forEach((p, i) => eventJson(p, stored + i));
      const outcome = await endFast(this.db, this.sql, {
        handId,
        fromSeq: stored,
        keySeq: 0,
        payloads: tail,
        groups,
        refs,
        potKey: pot.key,
        ended,
        fence,
      }).catch(() => 'error' as const);
      if (outcome === 'ok') {
        this.ended(handId);
        return { handId, nextSeq: payloads.length, status: ended!.status, replayed: false };
      }
    }
    const result = await inTransaction(this.db, async (tx) => {
      const rows = await tx.$queryRaw<HandRow[]>`
        SELECT status::text AS status, event_count, table_id, tournament_id, book, players
        FROM hands WHERE id = ${handId}::uuid FOR UPDATE`;
      if (rows.length === 0) throw new UnknownHandError(handId);
      const row = rows[0];
      if (row.status !== 'running') throw new HandNotRunningError(handId, row.status);
      const hand: HandMeta = {
        tableId: row.table_id,
        tournamentId: row.tournament_id,
        book: row.book,
        players: row.players as StoredPlayer[],
      };
      await this.guard?.(tx, hand);
      const [{ n: count }] = await tx.$queryRaw<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM hand_events WHERE hand_id = ${handId}::uuid`;
      if (count > payloads.length) throw new EventSeqConflictError(handId, count, payloads.length);
      const { groups, ended, pot, refs } = movementsOf(handId, hand, payloads);
      const tail = payloads.slice(count);
      tail.forEach((p, i) => eventJson(p, count + i));
      const planned = await planPostings(tx, handId, 0, pot, groups, refs, true);
      await tx.$executeRaw(appendStatement(handId, count, tail, planned, payloads.length, ended));
      return { handId, nextSeq: payloads.length, status: ended!.status, replayed: false } satisfies AppendResult;
    });
    this.ended(handId);
    return result;
  }

  private ended(handId: string): void {
    this.running.delete(handId);
    this.journalWriter.forget(handId);
  }

  /** The fast path's row of a new hand (startFast / dealFast) and the stored hand it becomes once written. */
  private fastStart(
    input: StartHandInput,
    prepared: Pick<ReturnType<HandStore['prepareStart']>, 'ref' | 'players' | 'seats' | 'book'>,
  ) {
    const { ref, players, seats, book } = prepared;
    const id = randomUUID();
    const handNumber = input.handNumber ?? null;
    const commitment = input.commitment ?? null;
    const config = toJson(input.config);
    const playersJson = toJson(players);
    const row = {
      id,
      ...ref,
      handNumber,
      book,
      config,
      players: playersJson,
      commitment,
      stacks: players.map((p, i) => ({ key: p.accountKey, stack: seats[i].stack })),
      fence: this.guard?.fence?.(ref) ?? null,
    };
    const stored = (ledgerAtEnd: boolean): StoredHand =>
      toStoredHand({
        id,
        ...ref,
        handNumber,
        book,
        config,
        players: playersJson,
        commitment,
        status: 'running',
        result: null,
        eventCount: 0,
        ledgerAtEnd,
      });
    return { row, stored };
  }

  /** The hand's stored players, seats and book, checked (shared by startHand and dealHand). */
  private prepareStart(input: StartHandInput) {
    const tableId = input.tableId === undefined ? null : check.ref(input.tableId, 'tableId');
    const tournamentId = input.tournamentId === undefined ? null : check.ref(input.tournamentId, 'tournamentId');
    if ((tableId === null) === (tournamentId === null))
      throw new InvalidInputError('hand', 'give exactly one of tableId and tournamentId');
    if (
      input.commitment !== undefined &&
      (typeof input.commitment !== 'string' || input.commitment.length > MAX_COMMITMENT)
    ) {
      throw new InvalidInputError('commitment', `must be a string of at most ${MAX_COMMITMENT} characters`);
    }
    if (
      input.handNumber !== undefined &&
      (!Number.isSafeInteger(input.handNumber) || input.handNumber < 0 || input.handNumber > 2 ** 31 - 1)
    ) {
      throw new InvalidInputError('handNumber', 'must be a non-negative integer');
    }
    const seats = input.config?.seats;
    if (!Array.isArray(seats) || seats.length === 0)
      throw new InvalidInputError('config.seats', 'a hand deals in players');
    const bySeat = new Map<number, string>();
    for (const handPlayer of input.players) {
      if (bySeat.has(handPlayer.seat)) throw new InvalidInputError('players', `seat ${handPlayer.seat} given twice`);
      bySeat.set(handPlayer.seat, check.userId(handPlayer.userId, 'players.userId'));
    }
    const ref = { tableId, tournamentId };
    const players: StoredPlayer[] = seats.map((seatConfig) => {
      const userId = bySeat.get(seatConfig.seat);
      if (!userId) throw new InvalidInputError('players', `no player for seat ${seatConfig.seat}`);
      check.chipCount(seatConfig.stack, `config.seats[${seatConfig.seat}].stack`);
      return { seat: seatConfig.seat, userId, accountKey: stackAccount(ref, userId).key };
    });
    if (players.length !== input.players.length)
      throw new InvalidInputError('players', 'a player is not dealt in by the config');
    const book = tournamentId ? tournamentBook(tournamentId) : CHIPS_BOOK;
    return { tableId, tournamentId, ref, players, seats, book };
  }

  /** The general path of startHand / dealHand: an interactive transaction that raises the typed errors. */
  private startGeneral(
    input: StartHandInput,
    deal: { seed: string | null; events: readonly HandEventInput[] } | null,
  ): Promise<StoredHand> {
    const { tableId, tournamentId, ref, players, seats, book } = this.prepareStart(input);
    return inTransaction(this.db, async (tx) => {
      await this.guard?.(tx, ref);
      const accounts = await tx.chipAccount.findMany({ where: { key: { in: players.map((p) => p.accountKey) } } });
      const balance = new Map(accounts.map((a) => [a.key, a.balance]));
      for (const [index, storedPlayer] of players.entries()) {
        const have = balance.get(storedPlayer.accountKey);
        if (have === undefined) throw new UnknownAccountError(storedPlayer.accountKey);
        if (have < BigInt(seats[index].stack))
          throw new InsufficientFundsError(storedPlayer.accountKey, Number(have), seats[index].stack);
      }
      const hand = await tx.hand.create({
        data: {
          tableId,
          tournamentId,
          handNumber: input.handNumber ?? null,
          book,
          config: toJson(input.config),
          players: toJson(players),
          commitment: input.commitment ?? null,
          ledgerAtEnd: deal !== null,
        },
      });
      // The pot exists from the start, so the first append does not have to create it.
      await ensureAccounts(tx, [
        Accounts.handPot(hand.id, book, { tableId: tableId ?? undefined, tournamentId: tournamentId ?? undefined }),
      ]);
      if (deal?.seed) await tx.handDealSeed.create({ data: { handId: hand.id, seed: deal.seed } });
      if (deal?.events.length) {
        await tx.handEvent.createMany({
          data: deal.events.map((e, seq) => ({ handId: hand.id, seq, type: e.type, payload: toJson(e) })),
        });
      }
      return toStoredHand(hand);
    });
  }

  /**
   * Appends `events` as seq fromSeq, fromSeq+1, ... and moves the chips they move, atomically.
   * `fromSeq` must be the hand's next seq; the same events sent again (a retry) are accepted
   * without writing anything. A `hand-ended` / `hand-cancelled` event closes the hand.
   */
  async appendEvents(handIdInput: string, fromSeq: number, events: readonly HandEventInput[]): Promise<AppendResult> {
    const handId = check.uuid(handIdInput, 'handId');
    if (!Number.isSafeInteger(fromSeq) || fromSeq < 0)
      throw new InvalidInputError('fromSeq', 'must be a non-negative integer');
    if (events.length === 0) throw new InvalidInputError('events', 'nothing to append');
    const payloads = events.map((handEventInput, index) => {
      if (
        !handEventInput ||
        typeof handEventInput.type !== 'string' ||
        handEventInput.type.length === 0 ||
        handEventInput.type.length > 64
      ) {
        throw new InvalidInputError(`events[${index}].type`, 'must be a string of 1 … 64 characters');
      }
      const json = toJson(handEventInput);
      if (JSON.stringify(json).length > MAX_EVENT_BYTES)
        throw new InvalidInputError(`events[${index}]`, 'is too large');
      return json as { type: string; [k: string]: unknown };
    });

    // The common case in one round trip; anything unusual (or an unknown hand) takes the general path.
    const meta = this.running.get(handId);
    if (meta && this.fast) {
      const fence = this.guard?.fence?.(meta) ?? null;
      const { groups, ended, pot, refs } = movementsOf(handId, meta, payloads);
      const outcome = await appendFast(this.db, this.sql, {
        handId,
        fromSeq,
        payloads,
        groups,
        refs,
        potKey: pot.key,
        ended,
        fence,
      }).catch(() => 'error' as const);
      if (outcome === 'ok') {
        if (ended) this.running.delete(handId);
        return { handId, nextSeq: fromSeq + payloads.length, status: ended?.status ?? 'running', replayed: false };
      }
    }

    const result = await inTransaction(this.db, async (tx) => {
      // Statement 1: the hand row, locked, with every column the append needs.
      const rows = await tx.$queryRaw<HandRow[]>`
        SELECT status::text AS status, event_count, table_id, tournament_id, book, players
        FROM hands WHERE id = ${handId}::uuid FOR UPDATE`;
      if (rows.length === 0) throw new UnknownHandError(handId);
      const row = rows[0];
      const count = row.event_count;
      if (fromSeq < count)
        return this.retryOrConflict(tx, handId, fromSeq, count, payloads, row.status as StoredHand['status']);
      if (fromSeq > count) throw new EventSeqConflictError(handId, count, fromSeq);
      if (row.status !== 'running') throw new HandNotRunningError(handId, row.status);

      const hand: HandMeta = {
        tableId: row.table_id,
        tournamentId: row.tournament_id,
        book: row.book,
        players: row.players as StoredPlayer[],
      };
      await this.guard?.(tx, hand);
      const { groups, ended, pot, refs } = movementsOf(handId, hand, payloads);
      const nextSeq = fromSeq + payloads.length;
      const planned =
        groups.size || ended
          ? await planPostings(tx, handId, fromSeq, pot, groups, refs, ended !== null)
          : { postings: [], balances: new Map() };
      // Statement 3: events, ledger transactions, entries, balances and the hand row at once.
      await tx.$executeRaw(appendStatement(handId, fromSeq, payloads, planned, nextSeq, ended));
      if (!ended) this.remember(handId, hand);
      return { handId, nextSeq, status: ended?.status ?? 'running', replayed: false } satisfies AppendResult;
    });
    if (result.status !== 'running') this.running.delete(handId);
    return result;
  }

  private async retryOrConflict(
    tx: Tx,
    handId: string,
    fromSeq: number,
    count: number,
    payloads: unknown[],
    status: StoredHand['status'],
  ): Promise<AppendResult> {
    const stored = await tx.handEvent.findMany({
      where: { handId, seq: { gte: fromSeq, lt: fromSeq + payloads.length } },
      orderBy: { seq: 'asc' },
    });
    const same =
      stored.length === payloads.length &&
      stored.every((s, i) => canonicalJson(s.payload) === canonicalJson(payloads[i]));
    if (!same) throw new EventSeqConflictError(handId, count, fromSeq);
    return { handId, nextSeq: count, status, replayed: true };
  }

  async getHand(handIdInput: string): Promise<StoredHand> {
    const handId = check.uuid(handIdInput, 'handId');
    const hand = await this.db.hand.findUnique({ where: { id: handId } });
    if (!hand) throw new UnknownHandError(handId);
    return toStoredHand(hand);
  }

  async events(handIdInput: string): Promise<StoredEvent[]> {
    const handId = check.uuid(handIdInput, 'handId');
    const rows = await this.db.handEvent.findMany({ where: { handId }, orderBy: { seq: 'asc' } });
    // A journal row a dead copy wrote after another copy cancelled the hand is not part of it.
    const end = rows.findIndex((r) => terminalStatus(r) !== null);
    return (end >= 0 ? rows.slice(0, end + 1) : rows).map((row) => ({
      seq: row.seq,
      type: row.type,
      payload: row.payload as StoredEvent['payload'],
    }));
  }

  /**
   * The crash rule for a hand dealt by `dealHand` (its chips were never posted: every stack still
   * holds what it was dealt in with, so nothing moves): appends `event` (hand-cancelled) after the
   * events stored so far and closes the hand, in one transaction.
   */
  async cancelUnposted(handIdInput: string, event: HandEventInput): Promise<number> {
    const handId = check.uuid(handIdInput, 'handId');
    if (terminalStatus(event) !== 'cancelled') throw new InvalidInputError('event', 'must be hand-cancelled');
    const text = eventJson(event, 0);
    return inTransaction(this.db, async (tx) => {
      const rows = await tx.$queryRaw<{ status: string; ledger_at_end: boolean }[]>`
        SELECT status::text AS status, ledger_at_end FROM hands WHERE id = ${handId}::uuid FOR UPDATE`;
      if (rows.length === 0) throw new UnknownHandError(handId);
      if (rows[0].status !== 'running') throw new HandNotRunningError(handId, rows[0].status);
      if (!rows[0].ledger_at_end)
        throw new InvalidInputError('hand', 'posts its chips per append: cancel it through appendEvents');
      const [{ n: count }] = await tx.$queryRaw<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM hand_events WHERE hand_id = ${handId}::uuid`;
      await tx.$executeRaw`INSERT INTO hand_events (hand_id, seq, type, payload) VALUES (${handId}::uuid, ${count}, ${event.type}, ${text}::jsonb)`;
      await tx.$executeRaw`UPDATE hands SET status = 'cancelled', event_count = ${count + 1}, ended_at = now(), result = ${text}::jsonb WHERE id = ${handId}::uuid`;
      this.ended(handId);
      return count + 1;
    });
  }

  /**
   * The stored hand as PHH text (the engine's exporter). Only whole hands export: a running or
   * cancelled hand, table posts and raked hands are PhhError 'unsupported' (see exportPhh).
   */
  async exportPhh(handIdInput: string, viewerSeat?: number): Promise<string> {
    const hand = await this.getHand(handIdInput);
    const events = (await this.events(hand.id)).map((e) => e.payload as HandEvent);
    // With a viewer: only what that seat saw at the table (every other card '??').
    const write = (config: HandConfig, log: HandEvent[], extra: Record<string, unknown>): string =>
      viewerSeat === undefined ? exportPhh(config, log, extra) : exportPhhFor(config, log, viewerSeat, extra);
    return write(hand.config, events, {
      _naiko_hand_id: hand.id,
      ...(hand.tableId ? { _naiko_table: hand.tableId } : {}),
      ...(hand.tournamentId ? { _naiko_tournament: hand.tournamentId } : {}),
      ...(hand.handNumber !== null ? { hand: hand.handNumber } : {}),
    });
  }

  /**
   * Keeps a hand's secret deal seed (scheme naiko-merkle-v2). Written once, right after startHand and
   * before the first card is published; a repeat with the same seed is a no-op.
   */
  async storeDealSeed(handIdInput: string, seed: string): Promise<void> {
    const handId = check.uuid(handIdInput, 'handId');
    if (typeof seed !== 'string' || !/^[\x21-\x7e]{1,128}$/.test(seed))
      throw new InvalidInputError('seed', 'must be 1..128 printable characters');
    await this.db.handDealSeed.upsert({ where: { handId }, create: { handId, seed }, update: {} });
  }

  /** A hand's secret deal seed, or null (a test deck, or a hand dealt before the scheme). Callers gate disclosure. */
  async dealSeed(handIdInput: string): Promise<string | null> {
    const handId = check.uuid(handIdInput, 'handId');
    const row = await this.db.handDealSeed.findUnique({ where: { handId } });
    return row?.seed ?? null;
  }

  /** Hands that were running (at boot: the ones a crash interrupted). */
  async runningHands(): Promise<StoredHand[]> {
    const rows = await this.db.hand.findMany({ where: { status: 'running' }, orderBy: { startedAt: 'asc' } });
    return rows.map(toStoredHand);
  }
}

/**
 * Every chip flow of a batch of events, grouped by ledger reason (one posting per reason, so a
 * batch that ends a hand posts its last contributions and its awards separately), and whether
 * the batch ends the hand. Throws InvalidInputError for an event after the end or an unknown seat.
 */
function movementsOf(handId: string, hand: HandMeta, payloads: readonly { type: string; [k: string]: unknown }[]) {
  const seatAccount = new Map(hand.players.map((p) => [p.seat, stackAccount(hand, p.userId)]));
  const pot = Accounts.handPot(handId, hand.book, {
    tableId: hand.tableId ?? undefined,
    tournamentId: hand.tournamentId ?? undefined,
  });
  const house = Accounts.house(hand.book);
  const groups = new Map<LedgerReason, Movement[]>();
  let ended: { status: 'completed' | 'cancelled'; payload: unknown } | null = null;
  for (const [index, payload] of payloads.entries()) {
    if (ended) throw new InvalidInputError(`events[${index}]`, 'comes after the event that ended the hand');
    for (const chipFlow of chipFlowsOf(payload)) {
      const stack = chipFlow.seat === null ? house : seatAccount.get(chipFlow.seat);
      if (!stack)
        throw new InvalidInputError(`events[${index}]`, `seat ${chipFlow.seat} is not dealt into hand ${handId}`);
      const movement: Movement =
        chipFlow.toPot > 0
          ? { from: stack, to: pot, amount: chipFlow.toPot }
          : { from: pot, to: stack, amount: -chipFlow.toPot };
      const reason = REASON[chipFlow.kind];
      const list = groups.get(reason);
      if (list) list.push(movement);
      else groups.set(reason, [movement]);
    }
    const terminal = terminalStatus(payload);
    if (terminal) ended = { status: terminal, payload: payload };
  }
  const refs = { handId, tableId: hand.tableId ?? undefined, tournamentId: hand.tournamentId ?? undefined };
  return { groups, ended, pot, refs };
}

function toStoredHand(row: {
  id: string;
  tableId: string | null;
  tournamentId: string | null;
  handNumber: number | null;
  book: string;
  config: unknown;
  players: unknown;
  commitment: string | null;
  status: string;
  result: unknown;
  eventCount: number;
  ledgerAtEnd: boolean;
}): StoredHand {
  return {
    id: row.id,
    tableId: row.tableId,
    tournamentId: row.tournamentId,
    handNumber: row.handNumber,
    book: row.book,
    config: row.config as HandConfig,
    players: row.players as StoredPlayer[],
    commitment: row.commitment,
    status: row.status as StoredHand['status'],
    result: row.result,
    eventCount: row.eventCount,
    ledgerAtEnd: row.ledgerAtEnd,
  };
}

/** One event as JSON text, checked (type, size): serialised once, for the journal or the end. */
function eventJson(handEventInput: HandEventInput, index: number): string {
  if (
    !handEventInput ||
    typeof handEventInput.type !== 'string' ||
    handEventInput.type.length === 0 ||
    handEventInput.type.length > 64
  ) {
    throw new InvalidInputError(`events[${index}].type`, 'must be a string of 1 … 64 characters');
  }
  const text = JSON.stringify(handEventInput);
  if (text.length > MAX_EVENT_BYTES) throw new InvalidInputError(`events[${index}]`, 'is too large');
  return text;
}

function checkSeed(seed: string): void {
  if (typeof seed !== 'string' || !/^[\x21-\x7e]{1,128}$/.test(seed))
    throw new InvalidInputError('seed', 'must be 1..128 printable characters');
}
