// Scheduled multi-table tournaments: the admin's schedule, registration through the ledger, the
// start (seating), blind steps, hands at many tables (busts, places, balancing, table breaks,
// hand-for-hand, final-table redraw), cancellation with refunds and the payout.
//
// State as rows (issue 21, mtt-rows.ts): tables, seats and entries are rows; the tournament row keeps
// the small tournament-wide part. A hand at one table (its begin, and its finish) takes the
// tournament's advisory lock in shared mode and locks that table's row only, so the tables deal in
// parallel; a finish with busts far from the end also locks the tournament row as the counter of
// players left, and the seating planner runs right after it. Every tournament-wide change (the
// planner: balancing, breaking, the final-table redraw; busts near the end with hand-for-hand and
// the winner; registration; the start; levels; cancellation; the payout) takes the advisory lock in
// exclusive mode, reads a consistent snapshot of every
// table, computes the next state with the pure transitions of mtt-state.ts / libs/tournament,
// writes back what changed and moves chips with `postInTransaction` in the same transaction: a
// registration racing the start, a job retried after a crash and several tables' busts serialise,
// and each ledger command runs once.
//
// Ledger idempotency keys (tournament id `mtt-<id>`):
//   mtt:<id>:entry:<entryId> / mtt:<id>:unreg:<entryId> / mtt:<id>:refund:<entryId>
//   mtt:<id>:prize:<entryId>, mtt:<id>:retire:<userId>:<version>
import { Injectable, Logger } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { flattenSeating, mttSeatDrawCommitment, mttSeatDrawRandom, type MttDrawnSeat } from './seat-draw';
import type { TournamentBalancePayload, TournamentStepPayload, TournamentView } from '@naiko/contracts';
import { cryptoRandom, newShuffleSeed, type RandomSource } from '@naiko/engine';
import {
  cancelRunningHand,
  HandStore,
  postInTransaction,
  PrismaService,
  TournamentRepository,
  type Tx,
} from '@naiko/persistence';
import {
  bustIsFinal,
  canRebuy,
  cancelTournament,
  createRegistration,
  isRegistrationOpen,
  openRegistration,
  paidEntries,
  payStandings,
  prizeTableRows,
  registerEntry,
  RegistrationError,
  scheduleOf,
  startTournament,
  unregisterEntry,
  awaitedJob,
  cancellation,
  levelInForce,
  levelNumberInForce,
  nextStepDue,
  opensNow,
  paysNow,
  phaseAfterHand,
  registrationRefusal,
  SCHEDULED_FORMAT,
  startsNow,
  stepDecision,
  unregistrationRefusal,
  type BlindLevel,
  type Move,
  type RegistrationEvent,
} from '@naiko/tournament';
import { JobQueue } from '../jobs/job-queue.service';
import {
  bustPending,
  closeDecidedSatellite,
  closeLateRegistration,
  entryIdOf,
  finishHand,
  lateRegistrationClosed,
  liveEntryOf,
  newMttState,
  replan,
  reviveEntry,
  seatEveryone,
  seatLateEntry,
  seatedPlayers,
  type HandResult,
  type MttState,
} from './mtt-state';
import {
  checkSettings,
  parseSettings,
  prizeTableOf,
  registrationConfigOf,
  type TournamentSettings,
} from './tournament-config';
import { TournamentError } from './tournaments.errors';
import { entryMovements, prizeMovement, refundMovements, retireMovement } from './lifecycle-movements';
import { HandBegins, type HandStart } from './hand-begin';
import { SharedFinishes } from './hand-finish';
import { mttTableId, mttTournamentId } from './table-ids';
import type { SeatWithStack, TableFence } from './table-runner';
import { loadState, lockExclusive, saveState, smallOf, type Loaded, type SmallState } from './mtt-rows';
import { TournamentTimings } from './tournament-timings';
import { TournamentTransactions } from './tournament-transactions';
import { awardBounties, bountyEntryMovements, payStandingHeads } from './bounty-awards';
import {
  bustsFinalAt,
  clockAtStep,
  livePoolOf,
  postPurchase,
  rebuyConfigOf,
  refundPurchases,
  type PurchaseOutcome,
} from './rebuys';
import { checkSatelliteTarget, paySatellite, registerSeatsInTx, seatsDecidedOf } from './satellites';
import { extrasView, type ExtrasRow } from './tournament-extras';
import { payCancellationAfterStart } from './cancel-after-start';
import { adjustPayoutsForDeal, dealOfTournament } from './deal-records';

export { mttTournamentId };

export type TournamentStatus = 'scheduled' | 'registering' | 'running' | 'paying' | 'finished' | 'cancelled';

export interface TournamentRow {
  id: number;
  name: string;
  status: TournamentStatus;
  config: TournamentSettings;
  starts_at: Date;
  registration_opens_at: Date;
  state: MttState & { cancelRequested?: boolean };
  /** The rows `state` was read from (exclusive transactions write back what changed). */
  loaded?: Loaded;
  step_index: number;
  step_started_at: Date | null;
  hands_played: number;
  version: number;
  /** The start's seat draw (seat-draw.ts); null on tournaments created before it. */
  seat_seed: string | null;
  seat_commitment: string | null;
  seat_draw: MttDrawnSeat[] | null;
}

export interface TournamentListener {
  changed(id: number): void;
  started(id: number): void;
  /** After a hand's result is committed (tests check the invariants here). */
  handFinished?(id: number, tableId: number, state: MttState): void;
}

/** The tournament row as stored: `state` is the small tournament-wide part. */
type StoredRow = Omit<TournamentRow, 'state' | 'loaded'> & { state: SmallState };

const REG_CODES: Record<string, ConstructorParameters<typeof TournamentError>[0]> = {
  'already-registered': 'ALREADY_REGISTERED',
  'not-registered': 'NOT_REGISTERED',
  'tournament-full': 'FULL',
  're-entry-not-allowed': 'RE_ENTRY_NOT_ALLOWED',
  'late-registration-closed': 'LATE_REGISTRATION_CLOSED',
  'registration-not-open': 'NOT_OPEN',
  'already-started': 'ALREADY_STARTED',
  'already-finished': 'FINISHED',
  'already-cancelled': 'CANCELLED',
};

/** libs/tournament refusals as service errors. */
function refusal<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RegistrationError) throw new TournamentError(REG_CODES[err.code] ?? 'BAD_SETTINGS', err.message);
    throw err;
  }
}

@Injectable()
export class TournamentsService {
  private readonly logger = new Logger('Tournaments');
  private readonly listeners: TournamentListener[] = [];
  /** Seating randomness (tests may inject a seeded source). */
  rng: RandomSource = cryptoRandom();
  /** Begin/finish-hand transaction and balancing times in this process (admin runner view, benchmark). */
  readonly timings = new TournamentTimings();

  constructor(
    /** Only handed to the issue-25 modules that still query themselves (satellites, extras, crash recovery). */
    private readonly prisma: PrismaService,
    private readonly jobs: JobQueue,
    private readonly store: TournamentRepository,
  ) {
    this.runs = new TournamentTransactions(store, this.timings);
    this.begins = new HandBegins(store, this.runs, this.timings);
    this.finishes = new SharedFinishes(store, this.runs, this.timings);
  }

  /** A hand's begin at one table (hand-begin.ts). */
  private readonly begins: HandBegins;
  /** A hand's finish on the shared path: without bust, or with busts far from the end (hand-finish.ts). */
  private readonly finishes: SharedFinishes;

  /** How this service's transactions take their turn (the gate, the advisory lock, the pools). */
  private readonly runs: TournamentTransactions;

  listen(listener: TournamentListener): void {
    this.listeners.push(listener);
  }

  /** Publishes a change (the lobby); public for the issue-25 modules (deals, pauses). */
  changed(id: number): void {
    for (const listener of this.listeners) listener.changed(id);
  }

  /** A change made outside this service (a rebuy or add-on, tournaments/rebuys.ts): the lobby republishes. */
  notifyChanged(id: number): void {
    this.changed(id);
  }

  private async stored(tx: Tx | undefined, id: number): Promise<StoredRow> {
    const row = (await this.store.row(id, tx)) as StoredRow | undefined;
    if (!row) throw new TournamentError('NOT_FOUND', `no tournament ${id}`);
    return row;
  }

  /** The tournament with its whole state, read under the exclusive lock (`runs.exclusive`). */
  private async lock(tx: Tx, id: number, opts: { seating?: boolean } = {}): Promise<TournamentRow> {
    const tournament = await this.stored(tx, id);
    const seating =
      opts.seating ??
      (tournament.status === 'running' ||
        tournament.status === 'paying' ||
        tournament.status === 'finished' ||
        tournament.status === 'cancelled');
    const loaded = await loadState(tx, id, tournament.state, tournament.config.tableSize, { seating });
    return { ...tournament, state: loaded.state, loaded };
  }

  /** The tournament with its whole state: one consistent snapshot (a repeatable-read transaction). */
  async get(id: number): Promise<TournamentRow> {
    return this.store.snapshot(async (tx) => {
      const row = await this.stored(tx, id);
      const loaded = await loadState(tx, id, row.state, row.config.tableSize);
      // Hands are counted per table (no hand writes the tournament row): every hand dealt, a
      // cancelled one included.
      const dealt = await this.store.handsDealt(tx, id);
      return { ...row, hands_played: Math.max(dealt, row.hands_played), state: loaded.state, loaded };
    });
  }

  /**
   * Writes a state computed under the exclusive lock: the rows that changed, the small part into
   * the tournament row (its version bumped). `stacks`: stacks to store at the seats (a hand's result).
   */
  private async save(
    tx: Tx,
    tournament: TournamentRow,
    state: MttState,
    extra: { status?: TournamentStatus } = {},
    stacks?: ReadonlyMap<string, number>,
  ): Promise<void> {
    await saveState(tx, tournament.id, tournament.loaded!, state, stacks, {
      json: JSON.stringify(smallOf(state)),
      status: extra.status ?? null,
    });
  }

  // ------------------------------------------------------------------------------------------
  // Admin

  /** `owner.hostId`: a host's private tournament (private-tournaments.ts), private from its insert. */
  async create(input: unknown, owner: { hostId?: string } = {}): Promise<StoredRow> {
    const settings = parseSettings(input);
    await checkSatelliteTarget(this.prisma, settings);
    const state = smallOf(newMttState(createRegistration(registrationConfigOf(settings))));
    // The seat draw's seed is fixed (and its commitment published) before anyone can register.
    const seatSeed = newShuffleSeed();
    const row = (await this.store.insert({
      name: settings.name,
      config: settings,
      startsAt: new Date(settings.startsAt),
      registrationOpensAt: new Date(settings.registrationOpensAt),
      state,
      seatSeed,
      seatCommitment: mttSeatDrawCommitment(seatSeed),
      hostId: owner.hostId ?? null,
    })) as StoredRow;
    await this.schedule(row);
    this.changed(row.id);
    return row;
  }

  /** Enqueues (or moves) the open-registration and start jobs to the configured times. */
  private async schedule(
    row: Pick<TournamentRow, 'id' | 'status' | 'registration_opens_at' | 'starts_at'>,
  ): Promise<void> {
    const at = (d: Date) => Math.max(0, new Date(d).getTime() - Date.now());
    for (const [name, when] of [
      ['tournamentOpenRegistration', row.registration_opens_at],
      ['tournamentStart', row.starts_at],
    ] as const) {
      if (name === 'tournamentOpenRegistration' && row.status !== 'scheduled') continue;
      const job = await this.jobs.ensure(name, { tournamentId: row.id }, { delay: at(when) });
      if ((await job.getState()) === 'delayed') await job.changeDelay(at(when));
    }
  }

  /** Edit before the start: any subset of the settings; buy-in and fee are fixed once someone paid. */
  async edit(id: number, patch: Partial<TournamentSettings>): Promise<StoredRow> {
    const row = await this.runs.exclusive(id, async (tx) => {
      const tournament = await this.lock(tx, id, { seating: false });
      if (tournament.status !== 'scheduled' && tournament.status !== 'registering')
        throw new TournamentError('ALREADY_STARTED', `tournament ${id} is ${tournament.status}`);
      const settings = checkSettings(parseSettings({ ...tournament.config, ...patch }));
      await checkSatelliteTarget(tx, settings);
      const paid = paidEntries(tournament.state.registration);
      if (paid > 0 && (settings.buyIn !== tournament.config.buyIn || settings.fee !== tournament.config.fee))
        throw new TournamentError('BAD_SETTINGS', 'buy-in and fee cannot change once entries are paid');
      // Issue 25: the bounty is paid with the entry too (and refunded at the same amount).
      if (paid > 0 && JSON.stringify(settings.bounty ?? null) !== JSON.stringify(tournament.config.bounty ?? null))
        throw new TournamentError('BAD_SETTINGS', 'the bounty cannot change once entries are paid');
      if (paid > settings.maxEntrants) throw new TournamentError('BAD_SETTINGS', `${paid} entries are paid already`);
      const state = {
        ...tournament.state,
        registration: { ...tournament.state.registration, config: registrationConfigOf(settings) },
      };
      await this.store.saveSettings(tx, id, {
        name: settings.name,
        config: settings,
        startsAt: new Date(settings.startsAt),
        registrationOpensAt: new Date(settings.registrationOpensAt),
        state: smallOf(state),
      });
      return this.stored(tx, id);
    });
    await this.schedule(row);
    this.changed(id);
    return row;
  }

  async list(): Promise<StoredRow[]> {
    return (await this.store.all()) as StoredRow[];
  }

  /**
   * Cancels and refunds buy-in + fee of every paid entry (busted ones and re-entries included) and
   * returns every tournament chip to the tournament's issuer. A running tournament stops dealing at
   * once; the cancellation completes when the last hand in progress ends.
   */
  async cancel(id: number, opts: { beforeStartOnly?: boolean } = {}): Promise<{ status: TournamentStatus }> {
    const status = await this.runs.exclusive(id, async (tx) => {
      const tournament = await this.lock(tx, id);
      // A host cancels his private tournament only before it starts (private-tournaments.ts).
      const decision = cancellation(SCHEDULED_FORMAT, tournament.status, opts);
      if (decision === 'already') return tournament.status;
      if (decision !== 'cancel') throw new TournamentError(decision, `tournament ${id} is ${tournament.status}`);
      if (tournament.status === 'running' && tournament.state.seating?.tables.some((t) => t.handInProgress)) {
        await this.save(tx, tournament, { ...tournament.state, cancelRequested: true } as MttState);
        return tournament.status;
      }
      await this.cancelNow(tx, tournament, 'by-admin');
      return 'cancelled' as const;
    });
    this.changed(id);
    return { status };
  }

  private async cancelNow(tx: Tx, tournament: TournamentRow, why: 'by-admin' | 'too-few-entrants'): Promise<void> {
    const book = mttTournamentId(tournament.id);
    // Issue 25: rebuys, add-ons and the heads still standing go back too.
    await refundPurchases(tx, tournament.id, tournament.config);
    await payStandingHeads(tx, tournament.id, tournament.config, 'refund');
    const transition =
      why === 'by-admin'
        ? cancelTournament(tournament.state.registration)
        : startTournament(tournament.state.registration);
    // After the start the published rule pays instead of refunds (cancel-after-start.ts, issue 25).
    const afterStart = why === 'by-admin' && tournament.status === 'running';
    for (const event of transition.events)
      if (event.type === 'cancelled' && !afterStart) await this.refund(tx, tournament, event);
    if (afterStart) await payCancellationAfterStart(tx, tournament);
    await this.retireStacks(tx, tournament);
    await this.store.setEntriesStatus(tx, book, afterStart ? 'finished' : 'refunded', {
      fromStatus: afterStart ? 'playing' : undefined,
    });
    const state: MttState = { ...tournament.state, registration: transition.state };
    await this.save(tx, tournament, state, { status: 'cancelled' });
    await this.store.stampFinished(tx, tournament.id);
  }

  private async refund(
    tx: Tx,
    tournament: TournamentRow,
    event: Extract<RegistrationEvent, { type: 'cancelled' }>,
  ): Promise<void> {
    const book = mttTournamentId(tournament.id);
    for (const refund of event.refunds) {
      // The stacks are retired once for the whole tournament (retireStacks).
      const movements = refundMovements(book, refund.playerId, tournament.config, { chips: false });
      if (movements.length)
        await postInTransaction(tx, {
          idempotencyKey: `mtt:${tournament.id}:refund:${refund.entryId}`,
          reason: 'refund',
          refs: { tournamentId: book },
          movements,
        });
    }
  }

  /** Every tournament chip back to the tournament's issuer (end or cancellation). */
  private async retireStacks(tx: Tx, tournament: TournamentRow): Promise<void> {
    const book = mttTournamentId(tournament.id);
    const stacks = await this.store.stacks(book, { positiveOnly: true }, tx);
    for (const account of stacks) {
      await postInTransaction(tx, {
        idempotencyKey: `mtt:${tournament.id}:retire:${account.userId}:${tournament.version}`,
        reason: 'tournament_chips',
        refs: { tournamentId: book },
        movements: [retireMovement(book, account.userId)],
      });
    }
  }

  // ------------------------------------------------------------------------------------------
  // Registration

  /** The open-registration job: `scheduled` → `registering` (a retry changes nothing). */
  async openRegistration(id: number): Promise<void> {
    await this.runs.exclusive(id, async (tx) => {
      const tournament = await this.lock(tx, id, { seating: false });
      if (!opensNow(tournament.status)) return;
      const next = openRegistration(tournament.state.registration).state;
      await this.save(tx, tournament, { ...tournament.state, registration: next }, { status: 'registering' });
    });
    this.changed(id);
  }

  /** The level number in force (a break counts as the level before it); 0 before the start. */
  currentLevel(tournament: Pick<TournamentRow, 'status' | 'config' | 'step_index'>): number {
    return levelNumberInForce(tournament.status, tournament.config.blindStructure, tournament.step_index);
  }

  /**
   * A new entry: buy-in to the prize pool, fee to the house, the starting stack issued in the
   * tournament's book. During late registration the entry (or re-entry) is seated at once.
   */
  async register(id: number, userId: string): Promise<{ entryId: number; late: boolean; reEntry: boolean }> {
    // Refused without the row lock once late registration is over for good (the standings exist
    // from then on): a rush of entries after the start must not queue behind every table's hands.
    const quick = await this.store.registrationGate(id);
    if (!quick) throw new TournamentError('NOT_FOUND', `no tournament ${id}`);
    if (quick?.status === 'running' && quick.closed)
      throw new TournamentError('LATE_REGISTRATION_CLOSED', `late registration of tournament ${id} is closed`);
    const out = await this.runs.exclusive(id, (tx) => this.registerInTx(tx, id, userId));
    if (out.running) for (const listener of this.listeners) listener.started(id); // a late entry may open a table
    this.changed(id);
    return { entryId: out.entryId, late: out.late, reEntry: out.reEntry };
  }

  /**
   * The registration itself, in the caller's transaction, which holds the tournament's exclusive
   * lock (`runs.exclusive`, or a satellite's payout: its seat winners are registered in the same commit).
   * The caller publishes the change after the commit.
   */
  private async registerInTx(
    tx: Tx,
    id: number,
    userId: string,
  ): Promise<{ entryId: number; late: boolean; reEntry: boolean; running: boolean }> {
    {
      const tournament = await this.lock(tx, id);
      const refused = registrationRefusal(SCHEDULED_FORMAT, tournament.status);
      if (refused) throw new TournamentError(refused, `tournament ${id} is ${tournament.status}`);
      if (tournament.state.cancelRequested)
        throw new TournamentError('CANCELLED', `tournament ${id} is being cancelled`);
      const level = this.currentLevel(tournament);
      const tr = refusal(() => registerEntry(tournament.state.registration, userId, level));
      const ev = tr.events.find((e) => e.type === 'registered')!;
      if (ev.type !== 'registered') throw new Error('unreachable');
      const book = mttTournamentId(id);
      const movements = [
        ...entryMovements(book, userId, tournament.config),
        ...bountyEntryMovements(tournament.config, userId, id, 'in'),
      ];
      await postInTransaction(tx, {
        idempotencyKey: `mtt:${id}:entry:${ev.entryId}`,
        reason: 'tournament_entry',
        refs: { tournamentId: book },
        movements,
      });
      const status = tournament.status === 'running' ? ('playing' as const) : ('registered' as const);
      const data = {
        fee: BigInt(tournament.config.buyIn),
        startingStack: BigInt(tournament.config.startingStack),
        status,
        place: null,
        prize: 0n,
      };
      await this.store.upsertEntry(tx, book, userId, data);
      let state: MttState = { ...tournament.state, registration: tr.state };
      if (tournament.status === 'running') state = replan(seatLateEntry(state, userId, this.rng), this.rng).state;
      await this.save(tx, tournament, state, {}, new Map([[userId, tournament.config.startingStack]]));
      return { entryId: ev.entryId, late: ev.late, reEntry: ev.reEntry, running: tournament.status === 'running' };
    }
  }

  /**
   * Issue 25: a busted player's rebuy during the rebuy period (rebuys.ts). His bust is not final
   * yet (it waits unplaced, libs/tournament `bustIsFinal`); within the rebuy limits he pays the rebuy
   * (and a new bounty), his entry comes back to life with the rebuy's chips and he takes a free seat
   * between hands, like a late entry (the planner runs). Refused with `REBUY_REFUSED` once the
   * period is over (his bust is final then) or his rebuys are used up; nothing changes then.
   */
  async rebuyAfterBust(id: number, userId: string): Promise<PurchaseOutcome> {
    const out = await this.runs.exclusive(id, async (tx) => {
      const tournament = await this.lock(tx, id);
      if (tournament.status !== 'running')
        throw new TournamentError('REBUY_REFUSED', `tournament ${id} is ${tournament.status}`);
      if (tournament.state.cancelRequested)
        throw new TournamentError('CANCELLED', `tournament ${id} is being cancelled`);
      const config = rebuyConfigOf(tournament.config);
      if (!config) throw new TournamentError('REBUY_REFUSED', 'this tournament has no rebuys');
      if (liveEntryOf(tournament.state, userId) !== null)
        throw new TournamentError('REBUY_REFUSED', 'you are still in: rebuy from your seat');
      const entry = tournament.state.registration.entries.filter((e) => e.playerId === userId).at(-1);
      if (!entry || entry.status !== 'busted')
        throw new TournamentError('NOT_SEATED', `you have no entry in tournament ${id}`);
      const clock = clockAtStep(tournament.config, tournament.step_index);
      if (bustIsFinal(config, clock) || !bustPending(tournament.state, entry.entryId))
        throw new TournamentError('REBUY_REFUSED', 'the rebuy period is over: your bust is final');
      const row = await this.store.lockEntryPurchases(tx, id, entry.entryId);
      const ok = canRebuy(config, clock, { stack: 0, rebuysUsed: row.rebuys, addOnUsed: row.add_on });
      if (!ok.ok)
        throw new TournamentError(
          'REBUY_REFUSED',
          ok.reason === 'rebuy-limit-reached' ? 'no rebuys left' : 'the rebuy period is over',
        );
      await postPurchase(tx, id, tournament.config, userId, entry.entryId, row.rebuys + 1);
      const chips = config.rebuy.chips;
      // His old head went to his eliminators at the bust: the new bounty is his whole head.
      const counts = await this.store.countRebuy(tx, id, entry.entryId);
      await this.store.setEntriesStatus(tx, mttTournamentId(id), 'playing', { userIds: userId });
      const state = replan(reviveEntry(tournament.state, entry.entryId, this.rng), this.rng).state;
      await this.save(tx, tournament, state, {}, new Map([[userId, chips]]));
      return {
        kind: 'rebuy' as const,
        entryId: entry.entryId,
        chips,
        stack: chips,
        rebuys: row.rebuys + 1,
        addOn: row.add_on,
        prizePool: livePoolOf(
          tournament.config,
          paidEntries(tournament.state.registration),
          counts.rebuys_bought,
          counts.add_ons_bought,
        ),
      };
    });
    for (const listener of this.listeners) listener.started(id); // a table may open for him
    this.changed(id);
    return out;
  }

  /** Before the start: the live entry is withdrawn, buy-in and fee back, its chips back to the issuer. */
  async unregister(id: number, userId: string): Promise<void> {
    await this.runs.exclusive(id, async (tx) => {
      const tournament = await this.lock(tx, id);
      const refused = unregistrationRefusal(tournament.status);
      if (refused) throw new TournamentError(refused, `tournament ${id} is ${tournament.status}`);
      const tr = refusal(() => unregisterEntry(tournament.state.registration, userId));
      const ev = tr.events[0];
      if (ev.type !== 'unregistered') throw new Error('unreachable');
      const book = mttTournamentId(id);
      const movements = [
        ...refundMovements(book, userId, tournament.config, { chips: true }),
        ...bountyEntryMovements(tournament.config, userId, id, 'out'),
      ];
      await postInTransaction(tx, {
        idempotencyKey: `mtt:${id}:unreg:${ev.entryId}`,
        reason: 'refund',
        refs: { tournamentId: book },
        movements,
      });
      await this.store.updateEntry(tx, book, userId, { status: 'refunded' });
      await this.save(tx, tournament, { ...tournament.state, registration: tr.state });
    });
    this.changed(id);
  }

  // ------------------------------------------------------------------------------------------
  // Start and clock

  /**
   * The start job: cancels with refunds below the minimum, else seats everyone at random and puts
   * level 1 in force. A retry of a started tournament only re-enqueues the next step.
   */
  async start(id: number): Promise<TournamentStatus> {
    const row = await this.runs.exclusive(id, async (tx) => {
      let tournament = await this.lock(tx, id, { seating: false });
      if (!startsNow(SCHEDULED_FORMAT, tournament.status)) return this.stored(tx, id); // a retry
      if (tournament.status === 'scheduled') {
        await this.save(
          tx,
          tournament,
          { ...tournament.state, registration: openRegistration(tournament.state.registration).state },
          { status: 'registering' },
        );
        tournament = await this.lock(tx, id, { seating: false });
      }
      const tr = startTournament(tournament.state.registration);
      if (tr.state.phase === 'cancelled') {
        await this.cancelNow(tx, tournament, 'too-few-entrants');
        return this.stored(tx, id);
      }
      let state: MttState = { ...tournament.state, registration: tr.state };
      // The committed seat draw (seat-draw.ts); tournaments created before it draw as they always did.
      state = seatEveryone(
        state,
        tournament.config.tableSize,
        tournament.seat_seed ? mttSeatDrawRandom(tournament.seat_seed) : this.rng,
      );
      if (lateRegistrationClosed(state, 1) && bustsFinalAt(tournament.config, 0)) state = closeLateRegistration(state);
      const stacks = new Map(
        state.registration.entries
          .filter((e) => e.status === 'active')
          .map((e) => [e.playerId, tournament.config.startingStack]),
      );
      await this.save(tx, tournament, state, { status: 'running' }, stacks);
      await this.store.recordStart(tx, id, JSON.stringify(flattenSeating(state.seating?.tables ?? [])));
      await this.store.setEntriesStatus(tx, mttTournamentId(id), 'playing', { fromStatus: 'registered' });
      return this.stored(tx, id);
    });
    if (row.status === 'running') {
      await this.enqueueNextStep(row);
      for (const listener of this.listeners) listener.started(id);
    }
    this.changed(id);
    return row.status;
  }

  /** Enqueues the step after the one in force, due when it ends: `tournament.<id>.level.<n>` / `.break.<n>`. */
  private async enqueueNextStep(
    row: Pick<TournamentRow, 'id' | 'config' | 'step_index' | 'step_started_at'>,
  ): Promise<void> {
    if (!row.step_started_at) return;
    const next = nextStepDue(row.config.blindStructure, row.step_index, new Date(row.step_started_at).getTime());
    if (!next) return;
    const { step } = next;
    const payload = { tournamentId: row.id, stepIndex: step.stepIndex, number: step.levelNumber };
    await this.jobs.ensure(step.kind === 'level' ? 'tournamentLevel' : 'tournamentBreak', payload, {
      delay: Math.max(0, next.dueAtMs - Date.now()),
    });
  }

  /**
   * A level or break job: puts step `stepIndex` in force exactly once and in order (the next hand at
   * each table uses it), closes late registration after its last level, enqueues the next step.
   */
  async applyStep(payload: TournamentStepPayload): Promise<{ applied: boolean }> {
    const moved = await this.moveLevelOnly(payload);
    let applied = !!moved;
    const row =
      moved ??
      (await this.runs.exclusive(payload.tournamentId, async (tx) => {
        const stored = await this.stored(tx, payload.tournamentId);
        const decision = stepDecision(stored.status, stored.step_index, payload.stepIndex);
        if (decision === 'done') return stored;
        if (decision === 'early')
          throw new Error(
            `tournament ${payload.tournamentId}: step ${payload.stepIndex} before step ${payload.stepIndex - 1}`,
          );
        await this.store.setStep(tx, payload.tournamentId, payload.stepIndex);
        // Closing late registration places the early busts: only then is the whole state read.
        if (this.stepEndsEarlyBusts(stored, payload.stepIndex)) {
          const tournament = await this.lock(tx, payload.tournamentId);
          await this.save(tx, tournament, closeLateRegistration(tournament.state));
        }
        applied = true;
        return this.stored(tx, payload.tournamentId);
      }));
    if (row.status === 'running' && row.step_index === payload.stepIndex) await this.enqueueNextStep(row);
    if (applied) this.changed(payload.tournamentId);
    return { applied };
  }

  /**
   * Whether reaching `stepIndex` closes late registration and (issue 25) the rebuy period, so the
   * busts waiting for them are placed: the one step that needs the whole state.
   */
  private stepEndsEarlyBusts(stored: Pick<StoredRow, 'state' | 'config'>, stepIndex: number): boolean {
    const level = scheduleOf(stored.config.blindStructure)[stepIndex].levelNumber;
    const reg = { ...stored.state.registration, entries: [] };
    return (
      !stored.state.standings &&
      lateRegistrationClosed({ registration: reg } as unknown as MttState, level) &&
      bustsFinalAt(stored.config, stepIndex)
    );
  }

  /**
   * A step that only moves the level clock (most of them), on the shared path: one statement
   * (`moveStep`) while the tables go on dealing — as an exclusive run every table of a 2,000-entrant
   * tournament waited ~300 ms for each level. A hand beginning at that instant gets the level
   * before or after, as at a live table. The row as the step left it; null: the exclusive path
   * decides (already applied, out of order, the step that places the early busts, or the row
   * changed meanwhile).
   */
  private async moveLevelOnly(payload: TournamentStepPayload): Promise<StoredRow | null> {
    const stored = await this.stored(undefined, payload.tournamentId);
    if (stepDecision(stored.status, stored.step_index, payload.stepIndex) !== 'apply') return null;
    if (this.stepEndsEarlyBusts(stored, payload.stepIndex)) return null;
    const startedAt = await this.runs.shared(payload.tournamentId, () =>
      this.store.moveStep(payload.tournamentId, payload.stepIndex),
    );
    return startedAt && { ...stored, step_index: payload.stepIndex, step_started_at: startedAt };
  }

  /** The blind level for the next hand, or null during a break (no hand starts in a break). */
  levelInForce(tournament: Pick<TournamentRow, 'config' | 'step_index'>): BlindLevel | null {
    return levelInForce(tournament.config.blindStructure, tournament.step_index);
  }

  /** The balance-check job: runs the seating planner (after late entries, or when a hold may have cleared). */
  async balanceCheck(payload: TournamentBalancePayload): Promise<{ moves: number }> {
    return { moves: (await this.replanNow(payload.tournamentId)).moves.length };
  }

  /**
   * Whether the planner would change anything, judged on a snapshot without the tournament-wide
   * lock. Most runs after busts find nothing: the bust left every table within one of the others, or
   * another copy's run already moved the players (each copy coalesces only its own busts). Each
   * such run held every table of every copy for nothing. A bust committed after this snapshot asks
   * for its own run, so skipping here never misses a needed move.
   */
  private async replanNeeded(id: number): Promise<boolean> {
    return this.store.snapshot(async (tx) => {
      const row = await this.stored(tx, id);
      if (row.status !== 'running') return false;
      const state = (await loadState(tx, id, row.state, row.config.tableSize)).state;
      if (state.balancePending || state.seatsDecided) return true;
      const planned = replan(state, this.rng);
      return (
        planned.moves.length > 0 ||
        planned.brokenTables.length > 0 ||
        !!planned.state.replanOnFinish !== !!state.replanOnFinish
      );
    });
  }

  /** The seating planner over a consistent snapshot (exclusive): balancing, breaking, the final-table redraw. */
  private async replanNow(id: number): Promise<{ moves: Move[]; brokenTables: number[] }> {
    if (!(await this.replanNeeded(id))) {
      this.timings.plannerRun(id, 'skipped');
      return { moves: [], brokenTables: [] };
    }
    let finished = false;
    const out = await this.runs.exclusive(id, async (tx) => {
      const tournament = await this.lock(tx, id);
      if (tournament.status !== 'running') return { moves: [] as Move[], brokenTables: [] as number[] };
      // Issue 25: a satellite decided while a hand was running, and that hand never finished (the
      // crash rule cancelled it): it ends here.
      if (tournament.state.seatsDecided && !tournament.state.seating?.tables.some((x) => x.handInProgress)) {
        await this.save(tx, tournament, closeDecidedSatellite(tournament.state), { status: 'paying' });
        finished = true;
        return { moves: [] as Move[], brokenTables: [] as number[] };
      }
      const p0 = performance.now();
      const planned = replan(tournament.state, this.rng);
      this.timings.balancing(id, performance.now() - p0);
      const state = { ...planned.state, balancePending: false };
      const changes =
        planned.moves.length ||
        planned.brokenTables.length ||
        !!state.replanOnFinish !== !!tournament.state.replanOnFinish ||
        tournament.state.balancePending;
      if (changes) await this.save(tx, tournament, state);
      this.timings.plannerRun(id, changes ? 'changed' : 'idle');
      return { moves: planned.moves, brokenTables: planned.brokenTables };
    });
    if (finished) await this.jobs.ensure('tournamentPayout', { tournamentId: id });
    if (out.moves.length || out.brokenTables.length || finished) this.changed(id);
    return out;
  }

  private readonly replans = new Map<
    number,
    {
      run: Promise<{ moves: Move[]; brokenTables: number[] }>;
      next?: Promise<{ moves: Move[]; brokenTables: number[] }>;
    }
  >();

  /**
   * Runs the planner after busts recorded on the shared path, coalesced: busts at several tables
   * while a run is under way share the one run after it (which begins after every one of them).
   */
  private requestReplan(id: number): Promise<{ moves: Move[]; brokenTables: number[] }> {
    const cur = this.replans.get(id);
    if (!cur) return this.startReplan(id);
    cur.next ??= cur.run.catch(() => undefined).then(() => this.startReplan(id));
    return cur.next;
  }

  private startReplan(id: number): Promise<{ moves: Move[]; brokenTables: number[] }> {
    const entry: {
      run: Promise<{ moves: Move[]; brokenTables: number[] }>;
      next?: Promise<{ moves: Move[]; brokenTables: number[] }>;
    } = { run: Promise.resolve({ moves: [], brokenTables: [] }) };
    entry.run = this.replanNow(id).finally(() => {
      if (this.replans.get(id) === entry) this.replans.delete(id);
    });
    this.replans.set(id, entry);
    return entry.run;
  }

  // ------------------------------------------------------------------------------------------
  // Hands (called by the table runner)

  /**
   * Marks a hand started at `tableId` when the table may deal; null when it may not now. Locks only
   * that table's row (the tournament's lock in shared mode): hands at other tables go on.
   */
  async beginTableHand(id: number, tableId: number, fence?: TableFence): Promise<HandStart | null> {
    return this.runs.waitedFor(id, () => this.begins.begin(id, mttTournamentId(id), tableId, fence));
  }

  private async stacksOf(id: number, userIds: string[]): Promise<Map<string, number>> {
    const accounts = await this.store.stacks(mttTournamentId(id), { userIds });
    return new Map(accounts.map((account) => [account.userId, Number(account.balance)]));
  }

  /**
   * What the table runner polls: status, the tournament's version (bumped by every tournament-wide change), open
   * tables.
   */
  async runnerView(id: number): Promise<{ row: StoredRow; tables: number[] }> {
    const row = await this.stored(undefined, id);
    const tables = await this.store.openTableNos(id);
    return { row, tables };
  }

  /**
   * Tables of a running tournament by seat (all, or those of `only`), with the players' stacks
   * (tables mirror it between hands) and each table's version. A table missing from the answer is
   * closed (broken) or the tournament is no longer running. One statement: a consistent picture.
   */
  async seatMaps(
    id: number,
    only?: ReadonlySet<number>,
  ): Promise<{
    running: boolean;
    version: number;
    versions: Map<number, number>;
    tables: Map<number, (SeatWithStack | null)[]>;
    open: Set<number>;
  }> {
    const tournament = await this.stored(undefined, id);
    const running = tournament.status === 'running';
    const rows = running ? await this.store.openSeats(id) : [];
    const open = new Set(rows.map((x) => x.table_no));
    const wanted = rows.filter((x) => !only || only.has(x.table_no));
    const stacks = await this.stacksOf(
      id,
      wanted.flatMap((x) => (x.user_id ? [x.user_id] : [])),
    );
    const tables = new Map<number, (SeatWithStack | null)[]>();
    const versions = new Map<number, number>();
    for (const seatRow of wanted) {
      if (!tables.has(seatRow.table_no))
        tables.set(seatRow.table_no, new Array(tournament.config.tableSize).fill(null));
      versions.set(seatRow.table_no, seatRow.version);
      if (seatRow.user_id !== null && seatRow.seat !== null)
        tables.get(seatRow.table_no)![seatRow.seat] = {
          userId: seatRow.user_id,
          stack: stacks.get(seatRow.user_id) ?? 0,
        };
    }
    return { running, version: Math.max(0, ...versions.values()), versions, tables, open };
  }

  /**
   * Records a finished hand at `tableId`. With no bust (and nothing tournament-wide waiting on this
   * hand: hand-for-hand, a hold of the planner, the redraw, a cancellation) only the table's row and
   * seats change, under the shared lock. Otherwise the exclusive path: busts, places, balancing
   * (never a player in a hand), breaks, hand-for-hand; enqueues the payout once one player is left.
   */
  async finishTableHand(
    id: number,
    tableId: number,
    result: HandResult,
    fence?: TableFence,
  ): Promise<{ moves: Move[]; brokenTables: number[]; finished: boolean }> {
    return this.runs.waitedFor(id, () => this.finishTableHandNow(id, tableId, result, fence));
  }

  private async finishTableHandNow(
    id: number,
    tableId: number,
    result: HandResult,
    fence?: TableFence,
  ): Promise<{ moves: Move[]; brokenTables: number[]; finished: boolean }> {
    const busts = result.dealtIn.some((p) => p.stack > 0 && (result.after.get(p.userId) ?? 0) === 0);
    const stacks = new Map([...result.after].filter(([u]) => result.dealtIn.some((p) => p.userId === u)));
    if (!busts) {
      // The common case in one statement; the same checks made here in TypeScript only when the
      // statement could not check the fence (the general path raises the typed error).
      const quiet = await this.finishes.quiet(id, tableId, stacks, fence);
      // Recorded while the planner holds a move for a hand to end: it runs now.
      if (quiet === 'replan') return this.plannerAfterHand(id, tableId);
      const done =
        quiet === 'recorded' || (quiet === 'general' && (await this.finishes.quietChecked(id, tableId, stacks, fence)));
      if (done) {
        await this.afterFinish(id, tableId, false);
        return { moves: [], brokenTables: [], finished: false };
      }
    } else {
      const recorded = await this.finishes.busts(id, tableId, result, stacks, fence);
      if (recorded === 'balanced') {
        // The tables are still within one player and none can be broken: no planner run.
        await this.afterFinish(id, tableId, true);
        return { moves: [], brokenTables: [], finished: false };
      }
      if (recorded) return this.plannerAfterHand(id, tableId);
    }
    const out = await this.runs.exclusive(
      id,
      async (tx) => {
        const tournament = await this.lock(tx, id);
        await fence?.(tx);
        if (tournament.status !== 'running') return { moves: [], brokenTables: [], finished: false, cancelled: false };
        const level = this.currentLevel(tournament);
        const entrants = () => paidEntries(tournament.state.registration);
        const p0 = performance.now();
        const outcome = finishHand(tournament.state, tableId, result, {
          rng: this.rng,
          currentLevel: level,
          paidPlaces: (n) => prizeTableOf(tournament.config, n || entrants()).paidPlaces,
          bustsFinal: bustsFinalAt(tournament.config, tournament.step_index),
          seatsDecided: seatsDecidedOf(tournament.config),
        });
        this.timings.balancing(id, performance.now() - p0);
        const book = mttTournamentId(id);
        if (outcome.busted.length) {
          await this.store.setEntriesStatus(tx, book, 'busted', { userIds: outcome.busted });
          await awardBounties(tx, id, tournament.config, result, outcome.busted);
        }
        const state: MttState & { cancelRequested?: boolean } = {
          ...outcome.state,
          cancelRequested: tournament.state.cancelRequested,
          balancePending: false,
        };
        if (state.cancelRequested && !state.seating?.tables.some((x) => x.handInProgress)) {
          await this.save(tx, tournament, state, {}, stacks);
          await this.cancelNow(tx, await this.lock(tx, id), 'by-admin');
          return { moves: [], brokenTables: [], finished: false, cancelled: true };
        }
        const phase = phaseAfterHand(tournament.status, outcome.finished);
        await this.save(tx, tournament, state, phase === 'paying' ? { status: 'paying' } : {}, stacks);
        return {
          moves: outcome.moves,
          brokenTables: outcome.brokenTables,
          finished: outcome.finished,
          cancelled: false,
        };
      },
      (ms) => this.timings.handTx(id, ms, 'finishExclusive'),
    );
    if (out.finished) await this.jobs.ensure('tournamentPayout', { tournamentId: id });
    await this.afterFinish(id, tableId, true);
    return { moves: out.moves, brokenTables: out.brokenTables, finished: out.finished };
  }

  /**
   * The planner (balancing, breaking) after a hand recorded on the shared path — busts, or a
   * planner hold waiting for a hand to end — in its own exclusive transaction, before this table
   * deals again; tables finishing meanwhile share the run. The hand is recorded: a failed planner
   * run must not make the table record it again (the balance-check job and the next finish run the
   * planner anyway).
   */
  private async plannerAfterHand(
    id: number,
    tableId: number,
  ): Promise<{ moves: Move[]; brokenTables: number[]; finished: boolean }> {
    const planned = await this.requestReplan(id).catch(async (err: unknown) => {
      this.logger.warn({
        msg: 'seating planner failed after a hand; the balance-check job runs it',
        tournamentId: id,
        err: String(err),
      });
      await this.jobs
        .enqueue('tournamentBalanceCheck', { tournamentId: id, version: Date.now() })
        .catch(() => undefined);
      return { moves: [] as Move[], brokenTables: [] as number[] };
    });
    await this.afterFinish(id, tableId, true);
    return { ...planned, finished: false };
  }

  /** Listeners after a recorded hand (tests read the whole state only when they listen for hands). */
  private async afterFinish(id: number, tableId: number, wide: boolean): Promise<void> {
    if (this.listeners.some((l) => l.handFinished)) {
      const state = (await this.get(id)).state;
      for (const listener of this.listeners) listener.handFinished?.(id, tableId, state);
    }
    if (wide) this.changed(id);
    else this.handsChanged(id);
  }

  /** A hand with no bust changes only counts in the lobby view: published at most a few times a second. */
  private handsChanged(id: number): void {
    if (this.handsTimers.has(id)) return;
    const timer = setTimeout(() => {
      this.handsTimers.delete(id);
      this.changed(id);
    }, 250);
    timer.unref?.();
    this.handsTimers.set(id, timer);
  }

  private readonly handsTimers = new Map<number, NodeJS.Timeout>();

  /**
   * Crash rule after a restart: hands left running were cancelled (stacks restored) by the caller;
   * no table is busy afterwards. A busy table whose last begun hand completed but was never recorded
   * (the process died between the hand's end commit and finishTableHand) has it recorded, as a copy
   * taking one table over does (`recoverTable`): otherwise a player that hand busted would stay
   * seated with no chips, and his table could never deal again.
   */
  async clearHandsInProgress(id: number): Promise<void> {
    for (const tableNo of await this.store.busyTableNos(id)) await this.recoverTable(id, tableNo);
    await this.runs.exclusive(id, async (tx) => {
      await this.store.clearHandsInProgress(tx, id);
    });
  }

  /**
   * Scale-out crash rule for ONE table, run by the copy that just took the table's lease (its
   * fencing token already stored, so the old owner can write nothing more there). Other tables of
   * the tournament, dealt by other copies, are untouched.
   *   - The tournament hands left running at this table are cancelled (contributions back to the
   *     tournament stacks). A running hand belongs to this table when its players sit here: the
   *     tournament never moves a player while his table is in a hand, and a player is in one hand
   *     at a time.
   *   - The hand the table began last (`hand_begun`) completed but its result was never recorded
   *     (the owner died between the hand's last write and `finishTableHand`): recorded now from
   *     the stored hand (stacks before, button) and the book (stacks after), so busts and places
   *     are not lost.
   *   - Otherwise the table simply no longer counts as busy.
   * Returns the cancelled hands' ids.
   */
  async recoverTable(id: number, tableId: number, fence?: TableFence): Promise<string[]> {
    const table = await this.store.tableHandState(id, tableId);
    if (!table || table.closed) return [];
    const seated = new Set((await this.store.seatRows(id, [tableId])).map((x) => x.user_id));
    const tid = mttTournamentId(id);
    const running = await this.store.runningHands(tid);
    const mine = running.filter((hand) => {
      const players = hand.players as { userId: string }[];
      return players.length > 0 && players.every((p) => seated.has(p.userId));
    });
    const handStore = new HandStore(this.prisma);
    for (const hand of mine) await cancelRunningHand(this.prisma, await handStore.getHand(hand.id));
    const cancelled = mine.map((h) => h.id);
    if (!table.hand_in_progress) return cancelled;
    const begun = table.hand_begun;
    const last = begun === null ? null : await this.store.handNumbered(tid, begun);
    if (last?.status === 'completed') {
      const players = (last.players as { seat: number; userId: string }[]).slice().sort((a, b) => a.seat - b.seat);
      const config = last.config as { button: number; seats: { seat: number; stack: number }[] };
      const playerCount = players.length;
      const buttonIndex = players.findIndex((p) => p.seat === config.button);
      const now = await this.stacksOf(
        id,
        players.map((p) => p.userId),
      );
      const result: HandResult = {
        dealtIn: players.map((player, index) => ({
          userId: player.userId,
          stack: config.seats.find((s) => s.seat === player.seat)?.stack ?? 0,
          order: (index - buttonIndex - 1 + 2 * playerCount) % playerCount,
        })),
        after: new Map(players.map((p) => [p.userId, now.get(p.userId) ?? 0])),
      };
      this.logger.warn({
        msg: 'recording a tournament hand its dead owner finished but never recorded',
        tournamentId: id,
        tableId,
        handId: last.id,
      });
      await this.finishTableHand(id, tableId, result, fence);
      return cancelled;
    }
    const small = await this.runs.table(id, async (tx) => {
      const tournament = await this.stored(tx, id);
      await fence?.(tx);
      await this.store.clearTableHand(tx, id, tableId);
      return tournament.state;
    });
    // The final-table redraw may have waited for this table's hand: no table deals meanwhile, so
    // no finished hand would run the planner. (Other holds run it at the next hand finished.) So may
    // a satellite whose seats were decided during this hand (issue 25): the planner job ends it.
    if (small.pauseDeals || small.seatsDecided) await this.balanceCheck({ tournamentId: id, version: 0 });
    this.changed(id);
    return cancelled;
  }

  // ------------------------------------------------------------------------------------------
  // Payout

  /**
   * The payout job: pays the standings from the prize pool (ties share), returns the winner's
   * tournament chips to the issuer. One transaction; a retry finds `finished`.
   */
  async payout(id: number): Promise<void> {
    const seats = await this.runs.exclusive(id, async (tx) => {
      const tournament = await this.lock(tx, id);
      if (!paysNow(tournament.status)) return; // a retry finds it finished
      const book = mttTournamentId(id);
      const reg = tournament.state.registration;
      const entrants = paidEntries(reg);
      const pool = livePoolOf(
        tournament.config,
        entrants,
        (tournament as unknown as ExtrasRow).rebuys_bought ?? 0,
        (tournament as unknown as ExtrasRow).add_ons_bought ?? 0,
      );
      // Issue 25: a satellite pays seats (satellites.ts); the winner collects his own bounty.
      const seats = tournament.config.satellite
        ? await paySatellite(
            tx,
            id,
            tournament.config,
            pool,
            tournament.state.standings!.groups,
            (k) => reg.entries[entryIdOf(k) - 1],
          )
        : null;
      await payStandingHeads(tx, id, tournament.config, 'own');
      // A final-table deal paid its players already (final-table-deal.ts, issue 25).
      const standings = seats
        ? []
        : payStandings(pool, prizeTableOf(tournament.config, entrants), tournament.state.standings!.groups);
      const payouts = seats ? [] : adjustPayoutsForDeal(standings, await dealOfTournament(tx, id));
      const best = new Map<string, { place: number; prize: number }>();
      for (const payout of payouts) {
        const entry = reg.entries[entryIdOf(payout.playerId) - 1];
        if (payout.prize > 0) {
          await postInTransaction(tx, {
            idempotencyKey: `mtt:${id}:prize:${entry.entryId}`,
            reason: 'tournament_prize',
            refs: { tournamentId: book },
            movements: [prizeMovement(book, entry.playerId, payout.prize)],
          });
        }
        const standing = best.get(entry.playerId) ?? { place: payout.bestPlace, prize: 0 };
        best.set(entry.playerId, {
          place: Math.min(standing.place, payout.bestPlace),
          prize: standing.prize + payout.prize + payout.dealPrize,
        });
      }
      for (const [userId, standing] of best) {
        await this.store.updateEntry(tx, book, userId, {
          status: 'finished',
          place: standing.place,
          prize: BigInt(standing.prize),
        });
      }
      await this.retireStacks(tx, tournament);
      await this.store.markPaidOut(tx, id);
      // Issue 25: the seat winners are registered in the target in this same commit (satellites.ts).
      if (!seats) return null;
      const target = tournament.config.satellite!.targetTournamentId;
      await lockExclusive(tx, target);
      let running = false;
      await registerSeatsInTx(tx, tournament.config, seats, async (userId) => {
        running = (await this.registerInTx(tx, target, userId)).running || running;
      });
      return { target, running };
    });
    this.changed(id);
    if (seats) {
      // Late entries may open a table.
      if (seats.running) for (const listener of this.listeners) listener.started(seats.target);
      this.changed(seats.target);
    }
  }

  // ------------------------------------------------------------------------------------------
  // Restart and lobby

  /** Re-enqueues what each unfinished tournament waits for (ids are idempotent); returns the running ones. */
  async resumeJobs(): Promise<number[]> {
    const rows = (await this.store.unfinished()) as StoredRow[];
    const running: number[] = [];
    for (const tournament of rows) {
      const job = awaitedJob(SCHEDULED_FORMAT, tournament.status);
      if (job === 'schedule') await this.schedule(tournament);
      if (job === 'payout') await this.jobs.ensure('tournamentPayout', { tournamentId: tournament.id });
      if (job === 'next-step') {
        await this.enqueueNextStep(tournament);
        await this.jobs.enqueue('tournamentBalanceCheck', { tournamentId: tournament.id, version: tournament.version });
        running.push(tournament.id);
      }
    }
    return running;
  }

  async runningIds(): Promise<number[]> {
    return this.store.runningIds();
  }

  /** The whole view: every entrant and every table (the lobby lists the first ones: tournament-lobby.ts). */
  async view(id: number): Promise<TournamentView> {
    const tournament = await this.get(id);
    const settings = tournament.config;
    const reg = tournament.state.registration;
    const book = mttTournamentId(id);
    const entries = paidEntries(reg);
    const rows = await this.store.entriesWithNames(book);
    const stacks = await this.store.stacks(book);
    const stackOf = new Map(stacks.map((x) => [x.userId, Number(x.balance)]));
    const seatOf = new Map<string, { table: number; seat: number }>();
    for (const tb of tournament.state.seating?.tables ?? [])
      tb.seats.forEach((p, seat) => p && seatOf.set(p.playerId, { table: tb.tableId, seat }));
    const table = prizeTableOf(settings, Math.max(entries, settings.minEntrants));
    const pool = livePoolOf(
      settings,
      entries,
      (tournament as unknown as ExtrasRow).rebuys_bought ?? 0,
      (tournament as unknown as ExtrasRow).add_ons_bought ?? 0,
    );
    const schedule = scheduleOf(settings.blindStructure);
    let clock: TournamentView['clock'] = null;
    if (tournament.status === 'running' && tournament.step_started_at) {
      const step = settings.blindStructure.steps[tournament.step_index];
      const level = (
        step.kind === 'level' ? step : settings.blindStructure.steps[tournament.step_index + 1]
      ) as BlindLevel;
      const last = tournament.step_index === settings.blindStructure.steps.length - 1;
      clock = {
        stepIndex: tournament.step_index,
        kind: step.kind,
        levelNumber: schedule[tournament.step_index].levelNumber,
        smallBlind: level.smallBlind,
        bigBlind: level.bigBlind,
        ante: level.ante,
        nextStepAt: last ? null : new Date(tournament.step_started_at).getTime() + step.durationMs,
      };
    }
    const left =
      tournament.status === 'running'
        ? seatedPlayers(tournament.state)
        : tournament.status === 'registering' || tournament.status === 'scheduled'
          ? entries
          : tournament.state.winner
            ? 1
            : 0;
    const chipsInPlay = [...stackOf.values()].reduce((a, b) => a + b, 0);
    const placeOf = new Map<string, number>();
    for (const group of tournament.state.standings?.groups ?? []) {
      for (const key of group.players) {
        const userId = reg.entries[entryIdOf(key) - 1]?.playerId;
        if (userId && (placeOf.get(userId) ?? Infinity) > group.bestPlace) placeOf.set(userId, group.bestPlace);
      }
    }
    // Each player's paid entries (re-entries included), counted once: at 10,000 entrants a count per
    // player over every entry was 10^8 comparisons, seconds of the event loop for each view.
    const entriesOf = new Map<string, number>();
    for (const paid of reg.entries)
      if (paid.status === 'active' || paid.status === 'busted')
        entriesOf.set(paid.playerId, (entriesOf.get(paid.playerId) ?? 0) + 1);
    const ended = tournament.status === 'finished' || tournament.status === 'cancelled';
    const tables = (tournament.state.seating?.tables ?? []).map((tb) => ({
      tableId: tb.tableId,
      tableRef: mttTableId(id, tb.tableId),
      players: tb.seats.filter((p) => p).length,
      handInProgress: tb.handInProgress,
      handsPlayed: tournament.state.tableHands[tb.tableId] ?? 0,
    }));
    const entrants = rows
      .filter((e) => e.status !== 'refunded' || tournament.status === 'cancelled')
      .map((entry) => ({
        userId: entry.userId,
        username: entry.user.username,
        entries: entriesOf.get(entry.userId) ?? 0,
        table: seatOf.get(entry.userId)?.table ?? null,
        tableRef: seatOf.has(entry.userId) ? mttTableId(id, seatOf.get(entry.userId)!.table) : null,
        seat: seatOf.get(entry.userId)?.seat ?? null,
        stack: stackOf.get(entry.userId) ?? 0,
        place: entry.place ?? placeOf.get(entry.userId) ?? null,
        prize: Number(entry.prize),
      }))
      .sort((a, b) => (a.place ?? 0) - (b.place ?? 0) || b.stack - a.stack);
    return {
      tournamentId: id,
      name: tournament.name,
      phase: tournament.status,
      seatDraw: {
        commitment: tournament.seat_commitment,
        seed: ended ? tournament.seat_seed : null,
        seating: ended ? tournament.seat_draw : null,
      },
      game: settings.game,
      bettingStructure: settings.bettingStructure,
      startsAt: new Date(tournament.starts_at).toISOString(),
      registrationOpensAt: new Date(tournament.registration_opens_at).toISOString(),
      buyIn: settings.buyIn,
      fee: settings.fee,
      startingStack: settings.startingStack,
      tableSize: settings.tableSize,
      minEntrants: settings.minEntrants,
      maxEntrants: settings.maxEntrants,
      lateRegistrationUntilLevel: settings.lateRegistrationUntilLevel,
      reEntry: settings.reEntry,
      registrationOpen:
        tournament.status === 'registering' ||
        (tournament.status === 'running' && isRegistrationOpen(reg, this.currentLevel(tournament))),
      entries,
      playersLeft: left,
      prizePool: pool,
      placesPaid: table.paidPlaces,
      prizeTable: prizeTableRows(table, pool).map((prizeRow) => ({
        places: prizeRow.places,
        fromPlace: prizeRow.fromPlace,
        toPlace: prizeRow.toPlace,
        percent: prizeRow.percent,
        chipsEach: prizeRow.chipsEach,
      })),
      structure: settings.blindStructure.steps.map((st, index) => ({
        stepIndex: index,
        kind: st.kind,
        levelNumber: schedule[index].levelNumber,
        smallBlind: st.kind === 'level' ? st.smallBlind : null,
        bigBlind: st.kind === 'level' ? st.bigBlind : null,
        ante: st.kind === 'level' ? st.ante : null,
        durationMs: st.durationMs,
      })),
      clock,
      averageStack:
        left > 0 && tournament.status === 'running'
          ? Math.floor(chipsInPlay / left)
          : left > 0
            ? settings.startingStack
            : 0,
      handForHand: !!tournament.state.handForHand,
      handsPlayed: tournament.hands_played,
      tables,
      tableCount: tables.length,
      entrants,
      entrantCount: entrants.length,
      extras: await extrasView(this.prisma, tournament as unknown as ExtrasRow, entries),
    };
  }
}
