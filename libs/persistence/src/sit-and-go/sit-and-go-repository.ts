// The Sit & Go rows behind one named repository (issue 24 item 4): `sit_and_gos` (one row per
// instance of a template), `sit_and_go_steps`, and what a Sit & Go reads of its entries
// (`tournament_entries` of tournament `sng-<id>`), its tournament stacks and its table's hands.
// SitAndGoService and PrivateSitAndGos hold no query of their own.
//
// Transactions stay where the service composes them: `transaction(work)` runs `work` in one
// database transaction (retried on deadlock, as every ledger command), and the methods taking a
// `tx` write inside it, next to the ledger postings of the same change (`postInTransaction`).
// `lock(tx, id)` takes the instance's row lock every state change serialises on.
import { inTransaction, type LedgerDb, type Tx } from '../ledger/ledger';

export type SitAndGoStatus = 'registering' | 'starting' | 'running' | 'paying' | 'finished' | 'cancelled';

/** A `sit_and_gos` row as stored (column names as in the table; the template is the platform's). */
export interface SitAndGoRow {
  id: number;
  template_id: string;
  instance_number: number;
  kind: string;
  status: SitAndGoStatus;
  /** The libs/tournament SitAndGoTemplate this instance was opened with. */
  template: unknown;
  /** A private Sit & Go's host; null for a published template's instance. */
  host_id: string | null;
  registrations: number;
  prize_pool: bigint;
  spin_commitment: string | null;
  spin_seed: string | null;
  seat_commitment: string | null;
  seat_seed: string | null;
  multiplier: number | null;
  seating: { seat: number; userId: string }[] | null;
  step_index: number;
  step_started_at: Date | null;
  button: number | null;
  hands_played: number;
  standings: unknown;
}

export interface NewSitAndGo {
  templateId: string;
  instanceNumber: number;
  kind: string;
  template: unknown;
  spinSeed: string | null;
  spinCommitment: string | null;
  seatSeed: string;
  seatCommitment: string;
}

export interface NewPrivateSitAndGo {
  templateId: string;
  template: unknown;
  seatSeed: string;
  seatCommitment: string;
  hostId: string;
}

export interface SitAndGoEntry {
  userId: string;
  status: string;
  place: number | null;
  prize: bigint;
  createdAt: Date;
}

export interface NamedEntry extends SitAndGoEntry {
  username: string;
  isBot: boolean;
}

export interface CompletedHand {
  id: string;
  handNumber: number;
  /** The engine config the hand was stored with. */
  config: unknown;
  players: { seat: number; userId: string }[];
}

/** What the start job writes on the instance row. */
export interface SitAndGoStart {
  seating: { seat: number; userId: string }[];
  prizePool: bigint;
  multiplier: number | null;
  button: number;
}

/** The Sit & Go rows the platform depends on (also the Nest token; `PrismaSitAndGoRepository` implements it). */
export abstract class SitAndGoRepository {
  /** Runs `work` in one database transaction (retried on deadlock or a lost idempotency race). */
  abstract transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** The instance row, locked until the transaction ends (SELECT … FOR UPDATE); undefined if none. */
  abstract lock(tx: Tx, instanceId: number): Promise<SitAndGoRow | undefined>;
  abstract instance(instanceId: number): Promise<SitAndGoRow | undefined>;
  /** Inserts instance `instanceNumber` of a template unless it exists (ON CONFLICT DO NOTHING). */
  abstract insertInstance(row: NewSitAndGo, tx?: Tx): Promise<void>;
  /** Inserts a host's private Sit & Go (instance 1 of its own template); returns its id. */
  abstract insertPrivateInstance(tx: Tx, row: NewPrivateSitAndGo): Promise<number>;
  /** The template's first instance taking registrations, or null. */
  abstract registeringInstanceId(templateId: string): Promise<number | null>;
  /** The template's highest instance number, null before its first instance. */
  abstract lastInstanceNumber(templateId: string): Promise<number | null>;
  /** Instances a restarted process must pick up (starting, running, paying), by id. */
  abstract unfinished(): Promise<{ id: number; status: SitAndGoStatus }[]>;

  /** The change counter after a registration; `full` moves the instance to `starting`. */
  abstract recordRegistration(tx: Tx, instanceId: number, registrations: number, full: boolean): Promise<void>;
  /** The change counter after an unregistration. */
  abstract setRegistrations(tx: Tx, instanceId: number, registrations: number): Promise<void>;
  /** The start job's row: running, seating, prize pool, multiplier, button, step 0 from now, no standings. */
  abstract markStarted(tx: Tx, instanceId: number, start: SitAndGoStart): Promise<void>;
  /** Step 0 (a level) in the step log, unless it is there. */
  abstract recordFirstStep(tx: Tx, instanceId: number): Promise<void>;
  /** Puts step `stepIndex` in force from now and logs it. */
  abstract advanceStep(tx: Tx, instanceId: number, stepIndex: number, kind: string): Promise<void>;
  /** A recorded hand: the standings, one more hand played, the button and the status. */
  abstract recordHand(
    tx: Tx,
    instanceId: number,
    hand: { standings: unknown; button: number; status: 'running' | 'paying' },
  ): Promise<void>;
  abstract markFinished(tx: Tx, instanceId: number): Promise<void>;
  abstract markCancelled(tx: Tx, instanceId: number): Promise<void>;

  abstract entry(tx: Tx, tournamentId: string, userId: string): Promise<SitAndGoEntry | null>;
  /**
   * The player's entry as `registered` (fee, starting stack, no place, no prize); `again`: he had
   * an entry (unregistered before), which is reset and dated now.
   */
  abstract registerEntry(
    tx: Tx,
    entry: { tournamentId: string; userId: string; fee: bigint; startingStack: bigint; again: boolean },
  ): Promise<void>;
  abstract countRegistered(tx: Tx, tournamentId: string): Promise<number>;
  /** Registered entries, oldest first. */
  abstract registeredEntries(tx: Tx, tournamentId: string): Promise<SitAndGoEntry[]>;
  /** Registered entries with the players' names and bot flags. */
  abstract registeredWithNames(tournamentId: string): Promise<NamedEntry[]>;
  /** Entries that count in the view (registered, playing, busted, finished), oldest first, with names. */
  abstract standingEntries(tournamentId: string): Promise<NamedEntry[]>;
  abstract refundEntry(tx: Tx, tournamentId: string, userId: string): Promise<void>;
  /** Every registered entry refunded (a cancelled private Sit & Go). */
  abstract refundRegistered(tx: Tx, tournamentId: string): Promise<void>;
  /** Every registered entry playing (the start). */
  abstract markEntriesPlaying(tx: Tx, tournamentId: string): Promise<void>;
  abstract markBusted(tx: Tx, tournamentId: string, userId: string, place: number): Promise<void>;
  abstract markPaid(tx: Tx, tournamentId: string, userId: string, place: number, prize: bigint): Promise<void>;

  /** Each player's tournament stack (zero stacks included). */
  abstract stacks(tournamentId: string, tx?: Tx): Promise<Map<string, number>>;
  /** A chip account's balance by key, null when it does not exist. */
  abstract accountBalance(tx: Tx, accountKey: string): Promise<bigint | null>;
  /** The last `count` completed hands of the tournament, newest first. */
  abstract lastCompletedHands(tournamentId: string, count: number, tx?: Tx): Promise<CompletedHand[]>;
  abstract runningHandIds(tournamentId: string): Promise<string[]>;
}

export class PrismaSitAndGoRepository implements SitAndGoRepository {
  constructor(private readonly db: LedgerDb) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return inTransaction(this.db, work);
  }

  async lock(tx: Tx, instanceId: number): Promise<SitAndGoRow | undefined> {
    const rows = await tx.$queryRaw<SitAndGoRow[]>`SELECT * FROM sit_and_gos WHERE id = ${instanceId} FOR UPDATE`;
    return rows[0];
  }

  async instance(instanceId: number): Promise<SitAndGoRow | undefined> {
    const rows = await this.db.$queryRaw<SitAndGoRow[]>`SELECT * FROM sit_and_gos WHERE id = ${instanceId}`;
    return rows[0];
  }

  async insertInstance(row: NewSitAndGo, tx: Tx = this.db): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO sit_and_gos
        (template_id, instance_number, kind, template, spin_seed, spin_commitment, seat_seed, seat_commitment)
      VALUES (${row.templateId}, ${row.instanceNumber}, ${row.kind}, ${JSON.stringify(row.template)}::jsonb,
              ${row.spinSeed},
              ${row.spinCommitment}, ${row.seatSeed}, ${row.seatCommitment})
      ON CONFLICT (template_id, instance_number) DO NOTHING`;
  }

  async insertPrivateInstance(tx: Tx, row: NewPrivateSitAndGo): Promise<number> {
    const [inserted] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO sit_and_gos (template_id, instance_number, kind, template, seat_seed, seat_commitment, host_id)
      VALUES (${row.templateId}, 1, 'sit-and-go', ${JSON.stringify(row.template)}::jsonb, ${row.seatSeed},
              ${row.seatCommitment},
              ${row.hostId}::uuid)
      RETURNING id`;
    return inserted.id;
  }

  async registeringInstanceId(templateId: string): Promise<number | null> {
    const open = await this.db.$queryRaw<{ id: number }[]>`
      SELECT id FROM sit_and_gos WHERE template_id = ${templateId} AND status = 'registering'
      ORDER BY instance_number LIMIT 1`;
    return open[0]?.id ?? null;
  }

  async lastInstanceNumber(templateId: string): Promise<number | null> {
    const [last] = await this.db.$queryRaw<{ n: number | null }[]>`
      SELECT MAX(instance_number) AS n FROM sit_and_gos WHERE template_id = ${templateId}`;
    return last?.n ?? null;
  }

  unfinished(): Promise<{ id: number; status: SitAndGoStatus }[]> {
    return this.db
      .$queryRaw`SELECT id, status FROM sit_and_gos WHERE status IN ('starting', 'running', 'paying') ORDER BY id`;
  }

  async recordRegistration(tx: Tx, instanceId: number, registrations: number, full: boolean): Promise<void> {
    await tx.$executeRaw`
      UPDATE sit_and_gos
      SET registrations = ${registrations}, status = ${full ? 'starting' : 'registering'}::"SitAndGoStatus"
      WHERE id = ${instanceId}`;
  }

  async setRegistrations(tx: Tx, instanceId: number, registrations: number): Promise<void> {
    await tx.$executeRaw`UPDATE sit_and_gos SET registrations = ${registrations} WHERE id = ${instanceId}`;
  }

  async markStarted(tx: Tx, instanceId: number, start: SitAndGoStart): Promise<void> {
    await tx.$executeRaw`
      UPDATE sit_and_gos SET status = 'running', seating = ${JSON.stringify(start.seating)}::jsonb,
        prize_pool = ${start.prizePool}, multiplier = ${start.multiplier}, started_at = now(), step_index = 0,
        step_started_at = now(), button = ${start.button},
        standings = '[]'::jsonb
      WHERE id = ${instanceId}`;
  }

  async recordFirstStep(tx: Tx, instanceId: number): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO sit_and_go_steps (sit_and_go_id, step_index, kind) VALUES (${instanceId}, 0, 'level')
      ON CONFLICT DO NOTHING`;
  }

  async advanceStep(tx: Tx, instanceId: number, stepIndex: number, kind: string): Promise<void> {
    await tx.$executeRaw`
      UPDATE sit_and_gos SET step_index = ${stepIndex}, step_started_at = now() WHERE id = ${instanceId}`;
    await tx.$executeRaw`
      INSERT INTO sit_and_go_steps (sit_and_go_id, step_index, kind) VALUES (${instanceId}, ${stepIndex}, ${kind})`;
  }

  async recordHand(
    tx: Tx,
    instanceId: number,
    hand: { standings: unknown; button: number; status: 'running' | 'paying' },
  ): Promise<void> {
    await tx.$executeRaw`
      UPDATE sit_and_gos SET standings = ${JSON.stringify(hand.standings)}::jsonb, hands_played = hands_played + 1,
        button = ${hand.button}, status = ${hand.status}::"SitAndGoStatus"
      WHERE id = ${instanceId}`;
  }

  async markFinished(tx: Tx, instanceId: number): Promise<void> {
    await tx.$executeRaw`UPDATE sit_and_gos SET status = 'finished', finished_at = now() WHERE id = ${instanceId}`;
  }

  async markCancelled(tx: Tx, instanceId: number): Promise<void> {
    await tx.$executeRaw`UPDATE sit_and_gos SET status = 'cancelled', finished_at = now() WHERE id = ${instanceId}`;
  }

  entry(tx: Tx, tournamentId: string, userId: string): Promise<SitAndGoEntry | null> {
    return tx.tournamentEntry.findUnique({ where: { tournamentId_userId: { tournamentId, userId } } });
  }

  async registerEntry(
    tx: Tx,
    entry: { tournamentId: string; userId: string; fee: bigint; startingStack: bigint; again: boolean },
  ): Promise<void> {
    const { tournamentId, userId } = entry;
    const data = {
      fee: entry.fee,
      startingStack: entry.startingStack,
      status: 'registered' as const,
      place: null,
      prize: 0n,
    };
    if (entry.again)
      await tx.tournamentEntry.update({
        where: { tournamentId_userId: { tournamentId, userId } },
        data: { ...data, createdAt: new Date() },
      });
    else await tx.tournamentEntry.create({ data: { tournamentId, userId, ...data } });
  }

  countRegistered(tx: Tx, tournamentId: string): Promise<number> {
    return tx.tournamentEntry.count({ where: { tournamentId, status: 'registered' } });
  }

  registeredEntries(tx: Tx, tournamentId: string): Promise<SitAndGoEntry[]> {
    return tx.tournamentEntry.findMany({
      where: { tournamentId, status: 'registered' },
      orderBy: { createdAt: 'asc' },
    });
  }

  async registeredWithNames(tournamentId: string): Promise<NamedEntry[]> {
    const entries = await this.db.tournamentEntry.findMany({
      where: { tournamentId, status: 'registered' },
      include: { user: { select: { username: true, isBot: true } } },
    });
    return entries.map(({ user, ...entry }) => ({ ...entry, username: user.username, isBot: user.isBot }));
  }

  async standingEntries(tournamentId: string): Promise<NamedEntry[]> {
    const entries = await this.db.tournamentEntry.findMany({
      where: { tournamentId, status: { in: ['registered', 'playing', 'busted', 'finished'] } },
      include: { user: { select: { username: true, isBot: true } } },
      orderBy: { createdAt: 'asc' },
    });
    return entries.map(({ user, ...entry }) => ({ ...entry, username: user.username, isBot: user.isBot }));
  }

  async refundEntry(tx: Tx, tournamentId: string, userId: string): Promise<void> {
    await tx.tournamentEntry.update({
      where: { tournamentId_userId: { tournamentId, userId } },
      data: { status: 'refunded' },
    });
  }

  async refundRegistered(tx: Tx, tournamentId: string): Promise<void> {
    await tx.tournamentEntry.updateMany({
      where: { tournamentId, status: 'registered' },
      data: { status: 'refunded' },
    });
  }

  async markEntriesPlaying(tx: Tx, tournamentId: string): Promise<void> {
    await tx.tournamentEntry.updateMany({ where: { tournamentId, status: 'registered' }, data: { status: 'playing' } });
  }

  async markBusted(tx: Tx, tournamentId: string, userId: string, place: number): Promise<void> {
    await tx.tournamentEntry.update({
      where: { tournamentId_userId: { tournamentId, userId } },
      data: { status: 'busted', place },
    });
  }

  async markPaid(tx: Tx, tournamentId: string, userId: string, place: number, prize: bigint): Promise<void> {
    await tx.tournamentEntry.update({
      where: { tournamentId_userId: { tournamentId, userId } },
      data: { status: 'finished', place, prize },
    });
  }

  async stacks(tournamentId: string, tx: Tx = this.db): Promise<Map<string, number>> {
    const accounts = await tx.chipAccount.findMany({ where: { tournamentId, kind: 'tournament_stack' } });
    return new Map(accounts.map((account) => [account.userId!, Number(account.balance)]));
  }

  async accountBalance(tx: Tx, accountKey: string): Promise<bigint | null> {
    const account = await tx.chipAccount.findUnique({ where: { key: accountKey } });
    return account?.balance ?? null;
  }

  async lastCompletedHands(tournamentId: string, count: number, tx: Tx = this.db): Promise<CompletedHand[]> {
    const rows = await tx.hand.findMany({
      where: { tournamentId, status: 'completed' },
      orderBy: [{ handNumber: 'desc' }, { startedAt: 'desc' }],
      take: count,
      select: { id: true, handNumber: true, config: true, players: true },
    });
    return rows.map((hand) => ({
      id: hand.id,
      handNumber: hand.handNumber ?? 0,
      config: hand.config,
      players: hand.players as { seat: number; userId: string }[],
    }));
  }

  async runningHandIds(tournamentId: string): Promise<string[]> {
    const running = await this.db.hand.findMany({ where: { tournamentId, status: 'running' }, select: { id: true } });
    return running.map((hand) => hand.id);
  }
}
