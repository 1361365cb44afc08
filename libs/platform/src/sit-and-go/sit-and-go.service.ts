// Sit & Go and Spin orchestration: instances of templates, registration through the ledger,
// the start (seating, the Spin multiplier), blind steps, eliminations and the payout.
//
// Every state change locks the instance row (SELECT ... FOR UPDATE) and moves chips with
// `postInTransaction` in the same database transaction, so a registration racing the last seat,
// an unregistration, a job retried after a crash and the table runner's hand results serialise
// on one lock and each ledger command runs once (idempotency keys below).
//
// Ledger idempotency keys (tournament id `sng-<id>`):
//   sng:<id>:entry:<userId>:<n> / sng:<id>:unreg:<userId>:<n>   n = the instance's change counter
//   sng:<id>:spin-float, sng:<id>:spin-pool                     the Spin's house spin-pool movement
//   sng:<id>:prize:<userId>, sng:<id>:retire:<userId>            payout and the winner's chips
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { SitAndGoStepPayload, SitAndGoView } from '@naiko/contracts';
import { cryptoRandom, newShuffleSeed } from '@naiko/engine';
import { makeBotIdentity } from '@naiko/table';
import {
  Accounts,
  cancelRunningHand,
  ChipLedger,
  HandStore,
  postInTransaction,
  PrismaService,
  SitAndGoRepository,
  UserRepository,
  type SitAndGoRow,
  type Tx,
} from '@naiko/persistence';
import {
  awaitedJob,
  levelInForce,
  nextStepDue,
  paysNow,
  payStandings,
  phaseAfterEntry,
  phaseAfterHand,
  registrationRefusal,
  scheduleOf,
  shuffled,
  SIT_AND_GO_FORMAT,
  startsNow,
  stepDecision,
  unregistrationRefusal,
  type LifecycleRefusal,
  sitAndGoPrizeTable,
  spinPrizeTable,
  type BlindLevel,
  type SitAndGoTemplate,
} from '@naiko/tournament';
import { JobQueue } from '../jobs/job-queue.service';
import {
  entryMovements,
  prizeMovement,
  refundMovements,
  retireMovement,
  type EntryTerms,
} from '../tournaments/lifecycle-movements';
import type { HandResult } from '../tournaments/mtt-state';
import { oddChipOrder, type SeatWithStack, type TableFence, type TableHandStart } from '../tournaments/table-runner';
import { SitAndGoError } from './sit-and-go.errors';
import { drawFromSeed, newSpinSeed, spinCommitment } from '../tournaments/spin-draw';
import { seatDrawCommitment, seatDrawFromSeed } from './seat-draw';
import { SPIN_POOL, spinPoolPlan } from '../tournaments/spin-pool';
import { groupsOf, recordHandOutcome, type DealtIn } from './standings';
import { checkTemplate, DEFAULT_TEMPLATES } from './templates';
import type { RoomConfig } from '../room/room-config';
import { ROOM_CONFIG } from '../tokens';
import { positionsOf, sngDeal, sngTableId, type StoredHandConfig } from './sit-and-go.tables';

export const SIT_AND_GO_TEMPLATES = Symbol('SIT_AND_GO_TEMPLATES');

export const tournamentIdOf = (instanceId: number): string => `sng-${instanceId}`;

/** A template's entry terms in the lifecycle's words (the fee is the template's entry fee). */
export const termsOf = (template: SitAndGoTemplate): EntryTerms => ({
  buyIn: template.buyIn,
  fee: template.entryFee,
  startingStack: template.startingStack,
});

/** A `sit_and_gos` row (SitAndGoRepository) with its template as the Sit & Go template it is. */
export type InstanceRow = Omit<SitAndGoRow, 'template'> & { template: SitAndGoTemplate };

export interface RegisterResult {
  instanceId: number;
  /** True when this registration took the last seat (the start job is enqueued). */
  started: boolean;
}

/** Hook the runner and the gateway attach to (avoids a dependency cycle). */
export interface SitAndGoListener {
  changed(instanceId: number): void;
  started(instanceId: number): void;
}

@Injectable()
export class SitAndGoService {
  private readonly logger = new Logger('SitAndGo');
  private readonly templates = new Map<string, SitAndGoTemplate>();
  private readonly listeners: SitAndGoListener[] = [];

  constructor(
    /** The ledger and the hand store run on it; the Sit & Go's own rows are the repository's. */
    private readonly prisma: PrismaService,
    private readonly store: SitAndGoRepository,
    private readonly users: UserRepository,
    private readonly jobs: JobQueue,
    @Inject(SIT_AND_GO_TEMPLATES) templates: readonly SitAndGoTemplate[],
    @Optional() @Inject(ROOM_CONFIG) room: RoomConfig | null = null,
  ) {
    // The room (config/room.json) may let bots fill a template's seats after some seconds.
    const fill = room?.sitAndGo?.botFillAfterSeconds ?? {};
    for (const template of templates.length ? templates : DEFAULT_TEMPLATES) {
      this.upsertTemplate(
        fill[template.templateId] ? { ...template, botFillAfterMs: fill[template.templateId] * 1000 } : template,
      );
    }
  }

  listen(listener: SitAndGoListener): void {
    this.listeners.push(listener);
  }

  private changed(id: number): void {
    for (const listener of this.listeners) listener.changed(id);
  }

  /** Publishes (or replaces) a template; instances already open keep their copy. */
  upsertTemplate(template: SitAndGoTemplate): SitAndGoTemplate {
    this.templates.set(template.templateId, checkTemplate(template));
    return template;
  }

  listTemplates(): SitAndGoTemplate[] {
    return [...this.templates.values()];
  }

  template(templateId: string): SitAndGoTemplate {
    const template = this.templates.get(templateId);
    if (!template) throw new SitAndGoError('UNKNOWN_TEMPLATE', `no Sit & Go template ${templateId}`);
    return template;
  }

  private async lock(tx: Tx, instanceId: number): Promise<InstanceRow> {
    const row = await this.store.lock(tx, instanceId);
    if (!row) throw new SitAndGoError('NOT_FOUND', `no Sit & Go ${instanceId}`);
    return row as InstanceRow;
  }

  async instance(instanceId: number): Promise<InstanceRow> {
    const row = await this.store.instance(instanceId);
    if (!row) throw new SitAndGoError('NOT_FOUND', `no Sit & Go ${instanceId}`);
    return row as InstanceRow;
  }

  /** Inserts instance `n` of a template unless it exists (a new instance opens when the previous fills). */
  private async createInstance(template: SitAndGoTemplate, number: number, tx?: Tx): Promise<void> {
    let seed: string | null = null;
    let commitment: string | null = null;
    if (template.kind === 'spin' && template.spinTable) {
      seed = newSpinSeed().seed;
      commitment = spinCommitment(template.spinTable, seed);
    }
    // The seat draw is committed before anyone registers, like the Spin multiplier (seat-draw.ts).
    const seatSeed = newShuffleSeed();
    const seatCommitment = seatDrawCommitment(seatSeed);
    await this.store.insertInstance(
      {
        templateId: template.templateId,
        instanceNumber: number,
        kind: template.kind,
        template: template,
        spinSeed: seed,
        spinCommitment: commitment,
        seatSeed,
        seatCommitment,
      },
      tx,
    );
  }

  /** The instance of the template taking registrations (opened if there is none). */
  async openInstanceId(templateId: string): Promise<number> {
    const sitAndGoTemplate = this.template(templateId);
    for (;;) {
      const open = await this.store.registeringInstanceId(templateId);
      if (open !== null) return open;
      const last = await this.store.lastInstanceNumber(templateId);
      await this.createInstance(sitAndGoTemplate, (last ?? 0) + 1);
    }
  }

  /**
   * Registers into the open instance: buy-in into the prize pool, entry fee to the house, the
   * starting stack issued in the tournament's book. Taking the last seat moves the instance to
   * `starting`, opens the next instance and enqueues the start job.
   */
  async register(templateId: string, userId: string): Promise<RegisterResult> {
    for (;;) {
      const instanceId = await this.openInstanceId(templateId);
      const result = await this.enter(instanceId, userId);
      // Lost the race for the last seat (or the instance closed): the next instance.
      if ('refused' in result) continue;
      return result;
    }
  }

  /** Registers into this very instance (a private Sit & Go): ALREADY_STARTED once it has filled, CANCELLED. */
  async registerInstance(instanceId: number, userId: string): Promise<RegisterResult> {
    const result = await this.enter(instanceId, userId);
    if ('refused' in result)
      throw new SitAndGoError(result.refused, `Sit & Go ${instanceId} is not taking registrations`);
    return result;
  }

  /** Tells the watchers an instance changed outside this service (a private Sit & Go's cancellation). */
  notifyChanged(instanceId: number): void {
    this.changed(instanceId);
  }

  /** Registers into this instance; `refused` when it is no longer taking registrations (the lifecycle's code). */
  private async enter(instanceId: number, userId: string): Promise<RegisterResult | { refused: LifecycleRefusal }> {
    {
      const result = await this.store.transaction(async (tx) => {
        const row = await this.lock(tx, instanceId);
        const refused = registrationRefusal(SIT_AND_GO_FORMAT, row.status);
        if (refused) return { refused };
        const sitAndGoTemplate = row.template;
        const tournamentId = tournamentIdOf(instanceId);
        const entry = await this.store.entry(tx, tournamentId, userId);
        if (entry && entry.status === 'registered')
          throw new SitAndGoError('ALREADY_REGISTERED', `already registered in Sit & Go ${instanceId}`);
        const registered = row.registrations + 1;
        const movements = entryMovements(tournamentId, userId, termsOf(sitAndGoTemplate));
        await postInTransaction(tx, {
          idempotencyKey: `sng:${instanceId}:entry:${userId}:${registered}`,
          reason: 'tournament_entry',
          refs: { tournamentId },
          movements,
        });
        await this.store.registerEntry(tx, {
          tournamentId,
          userId,
          fee: BigInt(sitAndGoTemplate.buyIn),
          startingStack: BigInt(sitAndGoTemplate.startingStack),
          again: entry !== null,
        });
        const count = await this.store.countRegistered(tx, tournamentId);
        // The last seat starts it (registering → starting).
        const full = phaseAfterEntry(SIT_AND_GO_FORMAT, row.status, count >= sitAndGoTemplate.seats) === 'starting';
        await this.store.recordRegistration(tx, instanceId, registered, full);
        // A private Sit & Go is one game: no next instance opens when it fills.
        if (full && !row.host_id)
          await this.createInstance(
            this.templates.get(row.template_id) ?? sitAndGoTemplate,
            row.instance_number + 1,
            tx,
          );
        return {
          instanceId,
          started: full,
          botFillAfterMs: !full && registered === 1 ? (sitAndGoTemplate.botFillAfterMs ?? null) : null,
        };
      });
      if ('refused' in result) return result;
      if (result.started) await this.jobs.ensure('sitAndGoStart', { instanceId });
      // The first registration starts the template's bot-fill countdown (one job per instance).
      else if (result.botFillAfterMs)
        await this.jobs.ensure('sitAndGoBotFill', { instanceId }, { delay: result.botFillAfterMs });
      this.changed(instanceId);
      return { instanceId, started: result.started };
    }
  }

  /**
   * The bot-fill job: bots (users flagged isBot, named "BOT <name>", their buy-in and fee granted
   * by the house with the note `bot-chips`) take every seat still free, which starts the game.
   * Nothing happens when the instance has started, or when nobody (or only bots) registered.
   */
  async fillWithBots(instanceId: number): Promise<number> {
    const row = await this.instance(instanceId);
    if (row.status !== 'registering') return 0;
    const tournamentId = tournamentIdOf(instanceId);
    const entries = await this.store.registeredWithNames(tournamentId);
    if (!entries.some((e) => !e.isBot)) return 0;
    const sitAndGoTemplate = row.template;
    const rng = cryptoRandom();
    const taken = entries.map((e) => e.username);
    let added = 0;
    for (let free = sitAndGoTemplate.seats - entries.length; free > 0; free--) {
      const { name } = makeBotIdentity(rng, taken);
      taken.push(name);
      const bot = await this.users.ensureBot(name);
      if (!bot.isBot) continue; // a person took that name
      const ledger = new ChipLedger(this.prisma);
      await ledger.openUserAccount(bot.id);
      const cost = sitAndGoTemplate.buyIn + sitAndGoTemplate.entryFee;
      if (cost > 0)
        await ledger.grant({
          idempotencyKey: `sng:${instanceId}:bot-chips:${bot.id}`,
          userId: bot.id,
          amount: cost,
          note: 'bot-chips',
        });
      const result = await this.enter(instanceId, bot.id);
      if ('refused' in result) break;
      added++;
      if (result.started) break;
    }
    if (added) this.logger.log({ msg: `bots filled ${added} seats`, instanceId });
    return added;
  }

  /** Unregisters before the start: buy-in and fee back, tournament chips back to its issuer. */
  async unregister(instanceId: number, userId: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      const row = await this.lock(tx, instanceId);
      const refused = unregistrationRefusal(row.status);
      if (refused) throw new SitAndGoError(refused, `Sit & Go ${instanceId} is ${row.status}`);
      const sitAndGoTemplate = row.template;
      const tournamentId = tournamentIdOf(instanceId);
      const entry = await this.store.entry(tx, tournamentId, userId);
      if (!entry || entry.status !== 'registered')
        throw new SitAndGoError('NOT_REGISTERED', `not registered in Sit & Go ${instanceId}`);
      const registered = row.registrations + 1;
      const movements = refundMovements(tournamentId, userId, termsOf(sitAndGoTemplate), { chips: true });
      await postInTransaction(tx, {
        idempotencyKey: `sng:${instanceId}:unreg:${userId}:${registered}`,
        reason: 'refund',
        refs: { tournamentId },
        movements,
      });
      await this.store.refundEntry(tx, tournamentId, userId);
      await this.store.setRegistrations(tx, instanceId, registered);
    });
    this.changed(instanceId);
  }

  /**
   * The start job: seats the players at random, draws a Spin's multiplier from the committed seed,
   * settles the Spin's prize against the house spin pool, and puts level 1 in force. A retry of a
   * started instance only re-enqueues the next step (idempotent id).
   */
  async start(instanceId: number): Promise<void> {
    const row = await this.store.transaction(async (tx) => {
      const row = await this.lock(tx, instanceId);
      if (!startsNow(SIT_AND_GO_FORMAT, row.status)) return row; // a retry
      const sitAndGoTemplate = row.template;
      const tournamentId = tournamentIdOf(instanceId);
      const entries = await this.store.registeredEntries(tx, tournamentId);
      // From the seed committed when the instance opened (an instance opened before the commitment: the CSPRNG).
      const rng = cryptoRandom();
      const drawn = row.seat_seed
        ? seatDrawFromSeed(
            entries.map((e) => e.userId),
            row.seat_seed,
          )
        : null;
      const seating = drawn
        ? drawn.seating
        : shuffled(
            entries.map((e) => e.userId),
            rng,
          ).map((userId, seat) => ({ seat, userId }));
      const collected = sitAndGoTemplate.buyIn * entries.length;
      let prizePool = collected;
      let multiplier: number | null = null;
      if (sitAndGoTemplate.kind === 'spin' && sitAndGoTemplate.spinTable && row.spin_seed) {
        const drawn = drawFromSeed(sitAndGoTemplate.spinTable, row.spin_seed);
        multiplier = drawn.multiplier;
        prizePool = drawn.multiplier * sitAndGoTemplate.buyIn;
        const spinPool = await this.store.accountBalance(tx, SPIN_POOL.key);
        const plan = spinPoolPlan(tournamentId, collected, prizePool, Number(spinPool ?? 0n));
        if (plan.float > 0) {
          await postInTransaction(tx, {
            idempotencyKey: `sng:${instanceId}:spin-float`,
            reason: 'grant',
            note: 'spin-pool float',
            refs: { tournamentId },
            movements: [{ from: Accounts.issuer(), to: SPIN_POOL, amount: plan.float }],
          });
        }
        if (plan.movement) {
          await postInTransaction(tx, {
            idempotencyKey: `sng:${instanceId}:spin-pool`,
            reason: 'tournament_entry',
            refs: { tournamentId },
            movements: [plan.movement],
          });
        }
      }
      const button = drawn ? drawn.button : seating[Math.floor((rng.nextUint32() / 2 ** 32) * seating.length)].seat;
      await this.store.markStarted(tx, instanceId, { seating, prizePool: BigInt(prizePool), multiplier, button });
      await this.store.markEntriesPlaying(tx, tournamentId);
      await this.store.recordFirstStep(tx, instanceId);
      return this.lock(tx, instanceId);
    });
    if (row.status === 'running') {
      await this.enqueueNextStep(row);
      for (const listener of this.listeners) listener.started(instanceId);
    }
    this.changed(instanceId);
  }

  /** Enqueues the step after the one in force, due when the current one ends (idempotent id). */
  private async enqueueNextStep(row: InstanceRow): Promise<void> {
    if (!row.step_started_at) return;
    const next = nextStepDue(row.template.blindStructure, row.step_index, row.step_started_at.getTime());
    if (!next) return;
    const { step } = next;
    await this.jobs.ensure(
      'sitAndGoStep',
      { instanceId: row.id, stepIndex: step.stepIndex, kind: step.kind, number: step.levelNumber },
      { delay: Math.max(0, next.dueAtMs - Date.now()) },
    );
  }

  /**
   * A blind-step job: puts step `stepIndex` in force (the next hand uses it) exactly once and in
   * order, then enqueues the following one. A step already applied (a retry after a crash) only
   * re-enqueues its successor; a step whose predecessor is not applied yet is an error (BullMQ retries).
   */
  async applyStep(payload: SitAndGoStepPayload): Promise<{ applied: boolean }> {
    let applied = false;
    const row = await this.store.transaction(async (tx) => {
      const row = await this.lock(tx, payload.instanceId);
      const decision = stepDecision(row.status, row.step_index, payload.stepIndex);
      if (decision === 'done') return row;
      if (decision === 'early')
        throw new Error(
          `Sit & Go ${payload.instanceId}: step ${payload.stepIndex} before step ${payload.stepIndex - 1}`,
        );
      await this.store.advanceStep(tx, payload.instanceId, payload.stepIndex, payload.kind);
      applied = true;
      return this.lock(tx, payload.instanceId);
    });
    if (row.status === 'running' && row.step_index === payload.stepIndex) await this.enqueueNextStep(row);
    if (applied) this.changed(payload.instanceId);
    return { applied };
  }

  /** The blind level for the next hand, or null during a break (no hand starts in a break). */
  levelInForce(row: InstanceRow): BlindLevel | null {
    return levelInForce(row.template.blindStructure, row.step_index);
  }

  /**
   * Records a finished hand: busts and their places, the new button, the hand count; when one
   * player is left the instance moves to `paying` and the payout job is enqueued.
   */
  async recordHand(
    instanceId: number,
    dealtIn: readonly DealtIn[],
    after: ReadonlyMap<string, number>,
    button: number,
    opts: { fence?: TableFence; onlyUnrecorded?: boolean } = {},
  ): Promise<{ busted: string[]; winner: string | null }> {
    const out = await this.store.transaction(async (tx) => {
      const row = await this.lock(tx, instanceId);
      await opts.fence?.(tx);
      if (row.status !== 'running') return { busted: [], winner: null };
      // The table's hand numbers are hands_played + 1: a completed hand numbered at most
      // hands_played is recorded already (a retried or repeated record changes nothing).
      if (opts.onlyUnrecorded && ((await this.lastHands(instanceId, 1, tx))[0]?.handNumber ?? 0) <= row.hands_played)
        return { busted: [], winner: null };
      const groups = groupsOf(row.standings);
      const entrants = row.seating?.length ?? 0;
      const placed = groups.reduce((a, g) => a + g.players.length, 0);
      const outcome = recordHandOutcome({ remaining: entrants - placed, groups }, dealtIn, after);
      const tournamentId = tournamentIdOf(instanceId);
      for (const group of outcome.standings.groups) {
        for (const userId of group.players) {
          if (outcome.busted.includes(userId)) await this.store.markBusted(tx, tournamentId, userId, group.bestPlace);
        }
      }
      const status = phaseAfterHand(row.status, !!outcome.winner) as 'paying' | 'running';
      await this.store.recordHand(tx, instanceId, { standings: outcome.standings.groups, button, status });
      return { busted: outcome.busted, winner: outcome.winner };
    });
    if (out.winner) await this.jobs.ensure('sitAndGoPayout', { instanceId });
    this.changed(instanceId);
    return out;
  }

  // ------------------------------------------------------------------------------------------
  // The table (driven by SitAndGoTableRunner, the tournament table runner of ../tournaments)

  /** The last `n` completed hands of the instance's table, newest first. */
  private async lastHands(
    instanceId: number,
    count: number,
    tx?: Tx,
  ): Promise<
    { id: string; handNumber: number; config: StoredHandConfig; players: { seat: number; userId: string }[] }[]
  > {
    const hands = await this.store.lastCompletedHands(tournamentIdOf(instanceId), count, tx);
    return hands.map((hand) => ({ ...hand, config: hand.config as StoredHandConfig }));
  }

  private stacksOf(instanceId: number, tx?: Tx): Promise<Map<string, number>> {
    return this.store.stacks(tournamentIdOf(instanceId), tx);
  }

  /** The table by seat: players with chips and their stacks (busted players have left). */
  private seatsOf(row: InstanceRow, stacks: ReadonlyMap<string, number>): (SeatWithStack | null)[] {
    const seats: (SeatWithStack | null)[] = Array.from({ length: row.template.seats }, () => null);
    for (const seated of row.seating ?? []) {
      const stack = stacks.get(seated.userId) ?? 0;
      if (stack > 0) seats[seated.seat] = { userId: seated.userId, stack };
    }
    return seats;
  }

  /**
   * The table asks before each deal (row lock, the table owner's fence): null when it may not deal
   * (not running, a break, one player left); else who is dealt in, the button and the blinds by the
   * dead-button rule from the last completed hand's positions, the stakes' step and the stacks.
   */
  async beginTableHand(instanceId: number, fence?: TableFence): Promise<TableHandStart | null> {
    return this.store.transaction(async (tx) => {
      const row = await this.lock(tx, instanceId);
      await fence?.(tx);
      if (row.status !== 'running' || !this.levelInForce(row)) return null;
      const stacks = await this.stacksOf(instanceId, tx);
      const seats = this.seatsOf(row, stacks);
      const alive = seats.flatMap((s, seat) => (s ? [{ seat, userId: s.userId }] : []));
      const [last, before] = await this.lastHands(instanceId, 2, tx);
      const deal = sngDeal(
        alive,
        row.template.seats,
        positionsOf(last?.config ?? null, before?.config ?? null),
        row.button,
      );
      if (!deal) return null;
      return { deal, stepIndex: row.step_index, handNumber: row.hands_played + 1, seats, version: row.hands_played };
    });
  }

  /** A hand ended at the table: busts, places, the payout when one player is left (once per hand). */
  async finishTableHand(
    instanceId: number,
    result: HandResult,
    fence?: TableFence,
  ): Promise<{ moves: never[]; brokenTables: never[] }> {
    const [last] = await this.lastHands(instanceId, 1);
    await this.recordHand(instanceId, result.dealtIn, result.after, last?.config.button ?? 0, {
      onlyUnrecorded: true,
      ...(fence ? { fence } : {}),
    });
    return { moves: [], brokenTables: [] };
  }

  /** The table by seat with stacks, for the table to mirror between hands (version: hands recorded). */
  async seatMaps(
    instanceId: number,
  ): Promise<{ running: boolean; version: number; tables: Map<number, (SeatWithStack | null)[]>; open: Set<number> }> {
    const row = await this.instance(instanceId);
    const running = row.status === 'running';
    const seats = this.seatsOf(row, await this.stacksOf(instanceId));
    return {
      running,
      version: row.hands_played,
      tables: new Map(running ? [[1, seats]] : []),
      open: new Set(running ? [1] : []),
    };
  }

  /**
   * The crash rule for the table, run by the process (or copy) that just took it (its fencing
   * token already stored when clustered): a hand left running is cancelled (contributions back to
   * the tournament stacks); a hand the dead dealer completed but never recorded is recorded now from
   * the stored hand (stacks before, button) and the book (stacks after), so its busts count.
   * Returns the cancelled hands' ids.
   */
  async recoverTable(instanceId: number, fence?: TableFence): Promise<string[]> {
    const running = await this.store.runningHandIds(tournamentIdOf(instanceId));
    const hands = new HandStore(this.prisma);
    for (const handId of running) await cancelRunningHand(this.prisma, await hands.getHand(handId));
    const row = await this.instance(instanceId);
    const [last] = await this.lastHands(instanceId, 1);
    if (row.status === 'running' && last && last.handNumber > row.hands_played) {
      const players = [...last.players].sort((a, b) => a.seat - b.seat);
      const now = await this.stacksOf(instanceId);
      const ordered = oddChipOrder(players, last.config.button);
      this.logger.warn({
        msg: 'recording a Sit & Go hand its dead dealer finished but never recorded',
        instanceId,
        handId: last.id,
      });
      await this.recordHand(
        instanceId,
        ordered.map((seated, order) => ({
          userId: seated.userId,
          stack: last.config.seats.find((s) => s.seat === seated.seat)?.stack ?? 0,
          order,
        })),
        new Map(players.map((p) => [p.userId, now.get(p.userId) ?? 0])),
        last.config.button,
        { onlyUnrecorded: true, ...(fence ? { fence } : {}) },
      );
    }
    return running;
  }

  /**
   * The payout job: pays the standings from the prize pool (ties share), returns the winner's
   * tournament chips to the tournament's issuer, reveals the Spin seed. One transaction: a crash
   * leaves either nothing or everything paid, and a retry finds `finished`.
   */
  async payout(instanceId: number): Promise<void> {
    await this.store.transaction(async (tx) => {
      const row = await this.lock(tx, instanceId);
      if (!paysNow(row.status)) return; // a retry finds it finished
      const sitAndGoTemplate = row.template;
      const tournamentId = tournamentIdOf(instanceId);
      const groups = groupsOf(row.standings);
      let table = sitAndGoPrizeTable(sitAndGoTemplate);
      if (sitAndGoTemplate.kind === 'spin' && sitAndGoTemplate.spinTable && row.multiplier !== null) {
        const entry = sitAndGoTemplate.spinTable.entries.find((e) => e.multiplier === row.multiplier)!;
        table = spinPrizeTable(entry);
      }
      const payouts = payStandings(Number(row.prize_pool), table, groups);
      for (const payout of payouts) {
        const place = payout.bestPlace;
        if (payout.prize > 0) {
          await postInTransaction(tx, {
            idempotencyKey: `sng:${instanceId}:prize:${payout.playerId}`,
            reason: 'tournament_prize',
            refs: { tournamentId },
            movements: [prizeMovement(tournamentId, payout.playerId, payout.prize)],
          });
        }
        await this.store.markPaid(tx, tournamentId, payout.playerId, place, BigInt(payout.prize));
      }
      const stacks = await this.store.stacks(tournamentId, tx);
      for (const [userId, stack] of stacks) {
        if (stack <= 0) continue;
        await postInTransaction(tx, {
          idempotencyKey: `sng:${instanceId}:retire:${userId}`,
          reason: 'tournament_chips',
          refs: { tournamentId },
          movements: [retireMovement(tournamentId, userId)],
        });
      }
      await this.store.markFinished(tx, instanceId);
    });
    this.changed(instanceId);
  }

  /** Instances a restarted process must pick up, by phase. */
  async unfinished(): Promise<{ id: number; status: InstanceRow['status'] }[]> {
    return this.store.unfinished();
  }

  /** Re-enqueues the job each unfinished instance waits for (ids are idempotent, so this is safe). */
  async resumeJobs(): Promise<number[]> {
    const running: number[] = [];
    for (const pending of await this.unfinished()) {
      const job = awaitedJob(SIT_AND_GO_FORMAT, pending.status);
      if (job === 'start') await this.jobs.ensure('sitAndGoStart', { instanceId: pending.id });
      if (job === 'payout') await this.jobs.ensure('sitAndGoPayout', { instanceId: pending.id });
      if (job === 'next-step') {
        await this.enqueueNextStep(await this.instance(pending.id));
        running.push(pending.id);
      }
    }
    return running;
  }

  /** The lobby/socket view of one instance. */
  async view(instanceId: number): Promise<SitAndGoView> {
    const row = await this.instance(instanceId);
    const sitAndGoTemplate = row.template;
    const tournamentId = tournamentIdOf(instanceId);
    const entries = await this.store.standingEntries(tournamentId);
    const stackOf = await this.store.stacks(tournamentId);
    const seatOf = new Map((row.seating ?? []).map((s) => [s.userId, s.seat]));
    let clock: SitAndGoView['clock'] = null;
    if (row.status === 'running' && row.step_started_at) {
      const schedule = scheduleOf(sitAndGoTemplate.blindStructure);
      const step = sitAndGoTemplate.blindStructure.steps[row.step_index];
      const level =
        step.kind === 'level' ? step : (sitAndGoTemplate.blindStructure.steps[row.step_index + 1] as BlindLevel);
      const last = row.step_index === sitAndGoTemplate.blindStructure.steps.length - 1;
      clock = {
        kind: step.kind,
        levelNumber: schedule[row.step_index].levelNumber,
        smallBlind: level.smallBlind,
        bigBlind: level.bigBlind,
        ante: level.ante,
        nextStepAt: last ? null : row.step_started_at.getTime() + step.durationMs,
      };
    }
    return {
      instanceId,
      templateId: row.template_id,
      instanceNumber: row.instance_number,
      kind: sitAndGoTemplate.kind,
      name: sitAndGoTemplate.name,
      phase: row.status,
      seats: sitAndGoTemplate.seats,
      registered: entries.length,
      buyIn: sitAndGoTemplate.buyIn,
      entryFee: sitAndGoTemplate.entryFee,
      startingStack: sitAndGoTemplate.startingStack,
      prizePool:
        row.status === 'registering' || row.status === 'starting'
          ? sitAndGoTemplate.buyIn * entries.length
          : Number(row.prize_pool),
      spin:
        sitAndGoTemplate.kind === 'spin'
          ? {
              commitment: row.spin_commitment,
              multiplier: row.multiplier,
              seed: row.status === 'finished' ? row.spin_seed : null,
            }
          : null,
      seatDraw: { commitment: row.seat_commitment, seed: row.status === 'finished' ? row.seat_seed : null },
      clock,
      handsPlayed: row.hands_played,
      tableId: row.status === 'registering' || row.status === 'starting' ? null : sngTableId(instanceId),
      standings: entries
        .map((entry) => ({
          userId: entry.userId,
          username: entry.username,
          seat: seatOf.get(entry.userId) ?? null,
          stack: stackOf.get(entry.userId) ?? 0,
          place: entry.place,
          prize: Number(entry.prize),
        }))
        .sort((a, b) => (a.place ?? 0) - (b.place ?? 0) || b.stack - a.stack),
    };
  }
}
