// A scheduled tournament's running state as rows (issue 21) behind a named repository (issue 24
// item 4): the advisory locks that order a table's hand against a tournament-wide change, the
// one-round-trip load of `mtt_entries`, `mtt_tables` and `mtt_seats`, and the statements that write
// back what a transition changed. The platform's mtt-rows.ts computes what changed (pure); the SQL
// is here, as it was there. Every method runs in the caller's transaction (`tx`): the lock, the
// load and the save of one change are one transaction the service composes, so this repository
// holds no connection of its own.
import type { Tx } from '../ledger/ledger';

/** Advisory lock class of scheduled tournaments (`pg_advisory_xact_lock(class, id)`): 'MTT1'. */
export const MTT_LOCK_CLASS = 0x4d545431;

/**
 * Advisory lock class of a tournament's seating planner runs ('MTP1'): taken before the tournament's
 * own lock by every planner run, so the runs of several copies take their turn one after the other
 * and each judges again, without holding any table, whether the run before it left anything to do.
 */
export const MTT_PLANNER_LOCK_CLASS = 0x4d545031;

/** A `mtt_tables` row as loaded. */
export interface MttTableRow {
  table_no: number;
  button: number | null;
  /** The last hand's small blind position (even when dead) and big blind seat; they count only with a button. */
  small_blind?: number | null;
  big_blind?: number | null;
  hand_in_progress: boolean;
  hand_begun: number | null;
  hands_played: number;
  closed: boolean;
  break_rank: number;
  version: number;
}

/** The three arrays of one load: entries and seats as tuples (compact JSON), tables as objects. */
export interface MttRowsLoad<Status extends string = string> {
  e: [number, string, Status, boolean, boolean, number | null, number | null][] | null;
  t: MttTableRow[] | null;
  s: [number, number, string, boolean, boolean, number | null][] | null;
}

export interface NewMttEntryRow {
  entryId: number;
  playerId: string;
  status: string;
  late: boolean;
  reEntry: boolean;
}

export interface MttEntryChange {
  status: string;
  best: number | null;
  rank: number | null;
}

export interface NewMttSeatRow {
  table: number;
  seat: number;
  user: string;
  dealtIn: boolean;
  waits: boolean;
  stack: number | null;
}

/**
 * One `mtt_tables` upsert row: button, the last hand's small and big blind positions (absent: none),
 * busy, hands played, hand begun, closed, break rank, version bump.
 */
export interface MttTableUpsert {
  b: number | null;
  sb?: number | null;
  bb?: number | null;
  busy: boolean;
  h: number;
  g: number | null;
  c: boolean;
  r: number;
  bump: number;
}

export class MttRowsRepository {
  /** A table's hand: the tournament's advisory lock in shared mode (hands at different tables run together). */
  async lockShared(tx: Tx, id: number): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(${MTT_LOCK_CLASS}::int, ${id}::int)`;
  }

  /** A tournament-wide change: the advisory lock in exclusive mode (no hand transaction in flight). */
  async lockExclusive(tx: Tx, id: number): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${MTT_LOCK_CLASS}::int, ${id}::int)`;
  }

  /**
   * A planner run's turn (MTT_PLANNER_LOCK_CLASS), then the tournament's seating version as
   * committed now (read committed: the run before this one is in it). Tables go on dealing while
   * it waits.
   */
  async plannerTurn(tx: Tx, id: number): Promise<number | null> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${MTT_PLANNER_LOCK_CLASS}::int, ${id}::int)`;
    // Its own statement: a statement's snapshot is taken before its lock waits.
    const rows = await tx.$queryRaw<{ seating_version: number }[]>`
      SELECT seating_version FROM scheduled_tournaments WHERE id = ${id}`;
    return rows[0]?.seating_version ?? null;
  }

  /**
   * Entries, tables and seats in one round trip (an exclusive transaction holds every table of the
   * tournament: the fewer statements, the shorter the hold); `seating` false leaves tables and seats out.
   */
  async load<Status extends string>(
    db: Pick<Tx, '$queryRaw'>,
    id: number,
    seating: boolean,
  ): Promise<MttRowsLoad<Status>> {
    const [row] = await db.$queryRaw<MttRowsLoad<Status>[]>`
    SELECT
      (SELECT json_agg(json_build_array(entry_id, user_id, status, late, re_entry, place_best, place_rank) ORDER BY entry_id) FROM mtt_entries WHERE tournament_id = ${id}) AS e,
      (SELECT json_agg(t ORDER BY table_no) FROM (SELECT table_no, button, small_blind, big_blind, hand_in_progress, hand_begun, hands_played, closed, break_rank, version FROM mtt_tables WHERE tournament_id = ${id} AND ${seating}) t) AS t,
      (SELECT json_agg(json_build_array(table_no, seat, user_id, dealt_in, waits_for_button, stack)) FROM mtt_seats WHERE tournament_id = ${id} AND ${seating}) AS s`;
    return row;
  }

  /** The tournament row's status, small state and config (for a whole-state read in a snapshot). */
  async statusStateConfig<State>(
    tx: Tx,
    id: number,
  ): Promise<{ status: string; state: State; config: { tableSize: number } }> {
    const [row] = await tx.$queryRaw<{ status: string; state: State; config: { tableSize: number } }[]>`
        SELECT status::text AS status, state, config FROM scheduled_tournaments WHERE id = ${id}`;
    return row;
  }

  async insertEntries(tx: Tx, id: number, inserts: NewMttEntryRow[]): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO mtt_entries (tournament_id, entry_id, user_id, status, late, re_entry)
      SELECT ${id}, x.entry_id, x.user_id, x.status, x.late, x.re_entry
      FROM unnest(${inserts.map((e) => e.entryId)}::int[], ${inserts.map((e) => e.playerId)}::uuid[], ${inserts.map((e) => e.status)}::text[],
                  ${inserts.map((e) => e.late)}::boolean[], ${inserts.map((e) => e.reEntry)}::boolean[]) AS x(entry_id, user_id, status, late, re_entry)`;
  }

  /** Status changes and new places in one statement (a bust may bring both to one entry). */
  async updateEntries(tx: Tx, id: number, changed: ReadonlyMap<number, MttEntryChange>): Promise<void> {
    const ids = [...changed.keys()];
    const xs = [...changed.values()];
    await tx.$executeRaw`
      UPDATE mtt_entries m SET status = x.status, place_best = COALESCE(x.best, m.place_best), place_rank = COALESCE(x.rank, m.place_rank)
      FROM unnest(${ids}::int[], ${xs.map((x) => x.status)}::text[], ${xs.map((x) => x.best)}::int[], ${xs.map((x) => x.rank)}::int[]) AS x(entry_id, status, best, rank)
      WHERE m.tournament_id = ${id} AND m.entry_id = x.entry_id`;
  }

  /** The entries that bought a rebuy or the add-on (a cancellation refunds them). */
  purchasedEntries(
    tx: Tx,
    id: number,
  ): Promise<{ entry_id: number; user_id: string; rebuys: number; add_on: boolean }[]> {
    return tx.$queryRaw<{ entry_id: number; user_id: string; rebuys: number; add_on: boolean }[]>`
    SELECT entry_id, user_id::text AS user_id, rebuys, add_on FROM mtt_entries
      WHERE tournament_id = ${id} AND (rebuys > 0 OR add_on) ORDER BY entry_id`;
  }

  /** The seats that change and every seat of the closed tables leave. */
  async deleteSeats(
    tx: Tx,
    id: number,
    closedTables: number[],
    delSeats: { table: number; seat: number }[],
  ): Promise<void> {
    await tx.$executeRaw`
      DELETE FROM mtt_seats s WHERE s.tournament_id = ${id} AND (s.table_no = ANY(${closedTables}::int[])
        OR (s.table_no, s.seat) IN (SELECT x.t, x.s FROM unnest(${delSeats.map((x) => x.table)}::int[], ${delSeats.map((x) => x.seat)}::int[]) AS x(t, s)))`;
  }

  async insertSeats(tx: Tx, id: number, addSeats: NewMttSeatRow[]): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO mtt_seats (tournament_id, table_no, seat, user_id, dealt_in, waits_for_button, stack)
      SELECT ${id}, x.t, x.s, x.u, x.d, x.w, x.k
      FROM unnest(${addSeats.map((x) => x.table)}::int[], ${addSeats.map((x) => x.seat)}::int[], ${addSeats.map((x) => x.user)}::uuid[],
                  ${addSeats.map((x) => x.dealtIn)}::boolean[], ${addSeats.map((x) => x.waits)}::boolean[], ${addSeats.map((x) => (x.stack === null ? null : String(x.stack)))}::bigint[])
           AS x(t, s, u, d, w, k)`;
  }

  /**
   * Every changed table in one upsert (opened, closed, button, busy, hands, break rank), and the
   * tournament row's small state (and status) in the same statement when `tournament` is given.
   */
  async saveTablesAndState(
    tx: Tx,
    id: number,
    rows: ReadonlyMap<number, MttTableUpsert>,
    tournament?: { json: string; status: string | null },
  ): Promise<void> {
    const ns = [...rows.keys()];
    const xs = [...rows.values()];
    if (ns.length && tournament) {
      await tx.$executeRaw`
      WITH up AS (
        INSERT INTO mtt_tables (tournament_id, table_no, button, small_blind, big_blind, hand_in_progress, hands_played, hand_begun, closed, break_rank, version)
        SELECT ${id}, x.n, x.b, x.sb, x.bb, x.busy, x.h, x.g, x.c, x.r, x.bump
        FROM unnest(${ns}::int[], ${xs.map((x) => x.b)}::int[], ${xs.map((x) => x.sb ?? null)}::int[], ${xs.map((x) => x.bb ?? null)}::int[], ${xs.map((x) => x.busy)}::boolean[], ${xs.map((x) => x.h)}::int[], ${xs.map((x) => x.g)}::int[],
                    ${xs.map((x) => x.c)}::boolean[], ${xs.map((x) => x.r)}::int[], ${xs.map((x) => x.bump)}::int[]) AS x(n, b, sb, bb, busy, h, g, c, r, bump)
        ON CONFLICT (tournament_id, table_no) DO UPDATE SET button = excluded.button, small_blind = excluded.small_blind, big_blind = excluded.big_blind, hand_in_progress = excluded.hand_in_progress, hands_played = excluded.hands_played,
          hand_begun = excluded.hand_begun, closed = excluded.closed, break_rank = excluded.break_rank, version = mtt_tables.version + excluded.version
        RETURNING 1
      )
      UPDATE scheduled_tournaments SET state = ${tournament.json}::jsonb, version = version + 1, seating_version = seating_version + 1,
        status = COALESCE(${tournament.status}::"ScheduledTournamentStatus", status)
      WHERE id = ${id}`;
    } else if (ns.length) {
      await tx.$executeRaw`
      INSERT INTO mtt_tables (tournament_id, table_no, button, small_blind, big_blind, hand_in_progress, hands_played, hand_begun, closed, break_rank, version)
      SELECT ${id}, x.n, x.b, x.sb, x.bb, x.busy, x.h, x.g, x.c, x.r, x.bump
      FROM unnest(${ns}::int[], ${xs.map((x) => x.b)}::int[], ${xs.map((x) => x.sb ?? null)}::int[], ${xs.map((x) => x.bb ?? null)}::int[], ${xs.map((x) => x.busy)}::boolean[], ${xs.map((x) => x.h)}::int[], ${xs.map((x) => x.g)}::int[],
                  ${xs.map((x) => x.c)}::boolean[], ${xs.map((x) => x.r)}::int[], ${xs.map((x) => x.bump)}::int[]) AS x(n, b, sb, bb, busy, h, g, c, r, bump)
      ON CONFLICT (tournament_id, table_no) DO UPDATE SET button = excluded.button, small_blind = excluded.small_blind, big_blind = excluded.big_blind, hand_in_progress = excluded.hand_in_progress, hands_played = excluded.hands_played,
        hand_begun = excluded.hand_begun, closed = excluded.closed, break_rank = excluded.break_rank, version = mtt_tables.version + excluded.version`;
    } else if (tournament) {
      await tx.$executeRaw`
      UPDATE scheduled_tournaments SET state = ${tournament.json}::jsonb, version = version + 1, seating_version = seating_version + 1,
        status = COALESCE(${tournament.status}::"ScheduledTournamentStatus", status)
      WHERE id = ${id}`;
    }
  }
}

/** The rows repository holds no connection (every method takes the caller's transaction): one is enough. */
export const mttRowsRepository = new MttRowsRepository();
