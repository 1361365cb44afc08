// The room core (docs/architecture.md, Tables): one table in this process, its single writer.
// Every command — a seat, a decision, a timeout, a bot's move, the next deal — runs through the
// table's SerialQueue, so the libs/table state and the engine hand are only ever changed by one
// piece of code at a time. The core queues commands, applies the engine, journals and broadcasts;
// what differs between a cash and a tournament table is its dealer (dealers/), asked before each
// deal. See README.md for the flow of one action.
//
// Durability: the hand is the unit. dealHand (hand, seed, first events: one transaction) before
// the deal is broadcast; each accepted action is journaled (not awaited) and broadcast at once;
// endHand (the rest, the result and every chip movement: one transaction) before the result is
// broadcast. A refused command throws a typed TableHostError and changes nothing.
import { randomUUID } from 'node:crypto';
import {
  apply,
  cryptoRandom,
  isOver,
  legalActions,
  sparksOf,
  type Action,
  type HandEvent,
  type HandState,
  type RandomSource,
} from '@naiko/engine';
import {
  closeTable,
  createTable,
  finishHand,
  handResultFromStacks,
  seatOf,
  setTimeBank,
  timeBankAfter,
  type TableEvent,
  type TableState,
  type Transition,
} from '@naiko/table';
import type { TablePublicState, TableSnapshotPayload, TableSummary, WireHandEvent } from '@naiko/contracts';
import { CashDealer } from './dealers/cash-dealer';
import type { Dealer, DealerRoom } from './dealers/dealer';
import { TournamentTableDealer, seating, type TournamentSeat } from './dealers/tournament-dealer';
import { fromEngineError, fromTableError, TableHostError } from './host-errors';
import { REAL_TIMERS, type Timers } from './ports';
import { CashCommands } from './room/cash-commands';
import type { Decision, FinishedHand, TableHostOptions } from './room/host-options';
import { HandClock } from './room/hand-clock';
import { ChatModeration } from './room/chat-moderation';
import { HostControls } from './room/host-controls';
import { publishHand } from './room/hand-feeds';
import { potAwardsOf } from './room/pot-awards';
import type { RunningHand } from './room/running-hand';
import { summaryOf, publicStateOf, snapshotOf } from './room/table-views';
import { dealPlannedHand } from './room/hand-deal';
import { TableDeadlines } from './room/table-deadlines';
import { SerialQueue } from './serial-queue';

export type { TournamentDeal, TournamentDealer, TournamentSeat } from './dealers/tournament-dealer';

export type {
  Decision,
  FinishedHand,
  PlayerRef,
  SitRequest,
  TableHostHooks,
  TableHostOptions,
} from './room/host-options';

export class TableHost extends CashCommands {
  readonly tableId: string;
  readonly name: string;
  /** @internal the core's state, shared with its parts (room/). */
  state: TableState;
  /** @internal */
  hand: RunningHand | null = null;
  /** @internal */
  readonly queue = new SerialQueue();
  /** @internal */
  readonly timers: Timers;
  /** @internal */
  readonly rng: RandomSource;
  /** @internal cash or tournament rules. */
  readonly dealer: Dealer;
  /** @internal the decision clock, timeouts and bots' turns. */
  readonly clock: HandClock;
  /** The host's controls: pause, approval, seat requests, mutes, removals, stakes next hand (issue 23). */
  readonly controls: HostControls;
  /** Table chat rules: mutes, rate limit, text, no chat while all-in (issue 23). */
  readonly chatRules: ChatModeration;
  /** Distinguishes this host's ledger keys from a previous process's (table versions restart at 0). */
  private readonly incarnation = randomUUID().slice(0, 8);
  private nextHandTimer: unknown = null;
  /** Reconnection windows and seat offers running out on time (room/table-deadlines.ts). */
  private readonly deadlines = new TableDeadlines(this);
  /** @internal */
  stopped = false;
  /** Deals that failed in a row (back-off). */
  private dealFailures = 0;

  constructor(readonly options: TableHostOptions) {
    super();
    this.tableId = options.tableId;
    this.name = options.name;
    this.state =
      options.bombPotPending && options.config.homeGame?.bombPot
        ? { ...createTable(options.config), bombPotPending: true }
        : createTable(options.config);
    this.timers = options.timers ?? REAL_TIMERS;
    this.rng = options.rng ?? cryptoRandom();
    this.dealer = options.tournament
      ? new TournamentTableDealer(options.tournament, this)
      : new CashDealer({ botTarget: options.botTarget, botsMakeRoom: options.botsMakeRoom });
    this.clock = new HandClock(this);
    this.controls = new HostControls(this, options.hostControls);
    this.chatRules = new ChatModeration(options.tableId);
  }

  // ------------------------------------------------------------------ reading

  get table(): TableState {
    return this.state;
  }

  get handState(): HandState | null {
    return this.hand?.state ?? null;
  }

  get handId(): string | null {
    return this.hand?.id ?? null;
  }

  get closed(): boolean {
    return this.state.closed;
  }

  /** Resolves once every command queued so far has run. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  summary(): TableSummary {
    const summary = summaryOf(
      this.tableId,
      this.name,
      this.state,
      this.closeAfterHand !== null,
      this.dealer.summaryRefs(),
    );
    return this.options.tournament ? summary : { ...summary, hostControls: this.controls.info() };
  }

  publicState(): TablePublicState {
    return publicStateOf(this.summary(), this.state, this.hand);
  }

  /** What one user may see right now: his own seat's view when he is dealt in, else the spectator view. */
  snapshot(userId: string | null): TableSnapshotPayload {
    return snapshotOf(this, userId);
  }

  // ------------------------------------------------------------------ commands every table takes (serialized)

  /** Starts dealing when enough players sit (call once after construction). */
  start(): void {
    this.scheduleNextHand(0);
  }

  /**
   * Stops every timer (process shutdown). The running hand stays `running` in the store: the crash rule handles it at
   * the next boot.
   */
  stop(): void {
    this.stopped = true;
    if (this.nextHandTimer) this.timers.clear(this.nextHandTimer);
    this.deadlines.stop();
    if (this.hand?.timer) this.timers.clear(this.hand.timer);
  }

  /** A player's decision, made on hand version `version`. Stale and repeated decisions are refused (CONFLICT). */
  act(userId: string, version: number, decision: Decision): Promise<void> {
    return this.queue.run(async () => {
      const runningHand = this.hand;
      if (!runningHand) throw new TableHostError('CONFLICT', 'NO_HAND_IN_PROGRESS', 'no hand is running');
      const seat = seatOf(this.state, userId);
      if (seat < 0 || runningHand.players.get(seat) !== userId)
        throw new TableHostError('FORBIDDEN', 'NOT_DEALT_IN', 'you are not dealt into this hand');
      if (CLIENT_FORBIDDEN.has(decision.type))
        throw new TableHostError('FORBIDDEN', 'TABLE_DECISION', `${decision.type} is the table's decision`);
      await this.decide(seat, userId, { ...decision, seat, expectedVersion: version } as Action);
    });
  }

  /**
   * Table chat (room/chat-moderation.ts): seated, not host-muted, clean text, rate, not all-in against live players.
   */
  chat(userId: string, text: string): Promise<void> {
    return this.queue.run(() => {
      const seat = seatOf(this.state, userId);
      const now = this.timers.now();
      const muted = this.controls.muted.has(userId);
      const clean = this.chatRules.check(userId, text, now, { seat, muted, hand: this.hand });
      const seatState = this.state.seats[seat]!;
      const from = { playerId: userId, name: seatState.name, isBot: seatState.isBot };
      this.options.broadcaster.chat(this.chatRules.record({ tableId: this.tableId, from, text: clean, at: now }));
    });
  }

  // ── Accessibility: extended time (issue 27; the rule is libs/table `extendedTimeMs`) ──
  /** Players who asked for extended time here (memory only: the client says it again at each connection). */
  readonly extendedTime = new Set<string>();

  /** Extended time on or off for this player's decisions from his next one (the hand clock reads it). */
  setExtendedTime(userId: string, on: boolean): void {
    if (on) this.extendedTime.add(userId);
    else this.extendedTime.delete(userId);
  }

  /**
   * Tournament tables: mirrors the tournament's seating now (busts leave, moved players arrive),
   * except the seats dealt into the running hand — the tournament never moves a player in a hand.
   */
  syncTournamentSeats(seats: readonly (TournamentSeat | null)[], version?: number): Promise<void> {
    return this.queue.run(async () => {
      if (!(this.dealer instanceof TournamentTableDealer) || this.stopped) return;
      if (!this.dealer.accept(version)) return;
      await this.commit(seating(this.state, this.busySeats(), seats, this.timers.now()));
    });
  }

  // ------------------------------------------------------------------ internals (shared with room/)

  /** @internal */
  tryTable(fn: () => Transition<TableState>): Transition<TableState> {
    try {
      return fn();
    } catch (err) {
      return fromTableError(err);
    }
  }

  /** @internal */
  key(what: string, userId: string): string {
    return `table:${this.tableId}:${this.incarnation}:v${this.state.version}:${what}:${userId}`;
  }

  private busySeats(): Set<number> {
    return new Set(this.hand ? [...this.hand.players.keys()] : []);
  }

  /**
   * @internal Applies a table transition: chips that leave the table go back to accounts, then the change is published.
   */
  async commit(transition: Transition<TableState>, publish = true): Promise<void> {
    for (const event of transition.events) {
      if (event.type === 'cashedOut')
        await this.options.chips.cashOut(event.playerId, event.amount, this.key(`out-${event.reason}`, event.playerId));
    }
    this.state = transition.state;
    if (publish && transition.events.length) this.publishTable([...transition.events]);
    if (transition.events.length) this.deadlines.schedule();
  }

  /** @internal */
  publishTable(events: TableEvent[]): void {
    if (!events.length) return;
    this.options.broadcaster.table(this.tableId, this.publicState(), events.map(toWire));
    this.options.hooks?.onChanged?.(this);
  }

  /** @internal */
  scheduleNextHand(ms = this.options.handPauseMs ?? 2000): void {
    if (this.stopped || this.state.closed || this.hand || this.nextHandTimer) return;
    this.nextHandTimer = this.timers.set(() => {
      this.nextHandTimer = null;
      this.queue
        .run(() => this.dealNextHand())
        .then(
          () => (this.dealFailures = 0),
          (err: unknown) => {
            // Nothing changed in memory (a stored hand without its end is cancelled by the crash rule);
            // try again, backing off (1 s, 2 s, 4 s ... 30 s) so a table that cannot deal does not spin.
            const ms = Math.min(30_000, 1000 * 2 ** Math.min(this.dealFailures++, 5));
            this.log('error', `deal failed; retrying in ${ms / 1000} s`, err);
            this.scheduleNextHand(ms);
          },
        );
    }, ms);
  }

  /** @internal */
  log(level: 'warn' | 'error', msg: string, err?: unknown): void {
    this.options.log?.(level, msg, { tableId: this.tableId, err: err instanceof Error ? err.stack : String(err) });
  }

  /** What the dealer sees of this table (live getters: it reads the state after each step). */
  private dealerRoom(): DealerRoom {
    const currentState = () => this.state;
    return {
      tableId: this.tableId,
      get state() {
        return currentState();
      },
      busySeats: this.busySeats(),
      now: () => this.timers.now(),
      rng: this.rng,
      chips: this.options.chips,
      bots: this.options.bots,
      key: (what, userId) => this.key(what, userId),
    };
  }

  private async dealNextHand(): Promise<void> {
    if (this.stopped || this.state.closed || this.hand) return;
    if (this.closeAfterHand) return this.closeNow();
    // The host's pause holds the next deal (the running hand was played out); stakes owed start here.
    if (!(await this.controls.beforeDeal())) return;
    const now = this.timers.now();
    const events: TableEvent[] = [];
    const answer = await this.dealer.nextHand(this.dealerRoom(), async (transition) => {
      await this.commit(transition, false);
      events.push(...transition.events);
    });
    if ('wait' in answer) {
      this.publishTable(events);
      if (answer.wait !== null) this.scheduleNextHand(answer.wait);
      return;
    }
    const deal = await dealPlannedHand(this, answer.plan, now);
    await this.commit(deal.dealt, false);
    events.push(...deal.dealt.events);
    this.hand = deal.hand;
    this.publishTable(events);
    // A deal that is already over (every player all-in from the forced bets) ends here.
    if (isOver(deal.hand.state)) await this.options.hands.endHand(deal.hand.id, deal.events);
    await this.afterHandEvents(deal.events);
  }

  /** @internal Runs one engine action through validation, the journal (or the hand's end) and publication. */
  async decide(seat: number, userId: string, action: Action): Promise<void> {
    const runningHand = this.hand!;
    const result = apply(runningHand.state, action);
    if (!result.ok) throw fromEngineError(result.error);
    // The hand is the unit of durability: an action is journaled behind the broadcast (group
    // commit, nobody waits); the hand's end is committed — result and every chip movement in one
    // transaction — before anyone hears of it. A failed end changes nothing here (the clock's
    // timeout tries again); a crash before it cancels the hand and returns every contribution.
    if (isOver(result.state)) await this.options.hands.endHand(runningHand.id, [...runningHand.log, ...result.events]);
    else this.options.hands.journal(runningHand.id, runningHand.seq, result.events);
    runningHand.seq += result.events.length;
    runningHand.state = result.state;
    if (runningHand.clock && runningHand.clock.seat === seat && runningHand.clock.kind === 'bet') {
      const left = timeBankAfter(runningHand.clock, this.timers.now());
      if (left !== this.state.seats[seat]?.timeBankMs)
        this.state = setTimeBank(this.state, userId, Math.max(0, left)).state;
    }
    await this.afterHandEvents(result.events);
  }

  private async afterHandEvents(events: HandEvent[]): Promise<void> {
    const runningHand = this.hand!;
    this.clock.clear(runningHand);
    for (const event of events)
      if (event.type === 'hand-ended' && event.carryOver) runningHand.carryOver += event.carryOver;
    runningHand.log.push(...events);
    const over = isOver(runningHand.state);
    if (!over) this.clock.start(runningHand);
    publishHand(this.options.broadcaster, this.tableId, runningHand, events, this.clock.info());
    if (over) await this.finishCurrentHand(runningHand);
    else this.clock.scheduleBot(runningHand);
  }

  private async finishCurrentHand(runningHand: RunningHand): Promise<void> {
    const stacks = runningHand.state.seats.map((seat, i) => ({ seat, stack: runningHand.state.stacks[i] }));
    // Naiko: the sparks left after the hand's spending stay at the table for the next deal.
    const sparks = this.state.config.naikoMode ? sparksOf(runningHand.state) : undefined;
    const transition = this.tryTable(() =>
      finishHand(
        this.state,
        handResultFromStacks(stacks, { carryOver: runningHand.carryOver, ...(sparks ? { sparks } : {}) }),
        this.timers.now(),
      ),
    );
    this.hand = null;
    await this.commit(transition, false);
    // No seed here (it would let anyone recompute every folded hand): each audience already got the
    // openings of what it saw with the hand's last events; the seed is disclosed later over HTTP.
    this.publishTable([...transition.events]);
    const finished: FinishedHand = {
      handId: runningHand.id,
      handNumber: runningHand.number,
      commitment: runningHand.commitment,
      stacks: stacks.map((s) => ({ ...s, playerId: runningHand.players.get(s.seat)! })),
      // Tournaments split bounties by the pots (issue 25).
      ...(this.options.tournament
        ? { pots: potAwardsOf(runningHand.state, runningHand.log, runningHand.players) }
        : {}),
    };
    try {
      await this.options.hooks?.onHandFinished?.(this, finished);
    } catch (err) {
      this.log('error', 'onHandFinished hook failed', err);
    }
    this.scheduleNextHand();
  }

  /** @internal The close asked for during the hand that just ended. */
  async closeNow(): Promise<void> {
    const pending = this.closeAfterHand!;
    try {
      await this.commit(this.tryTable(() => closeTable(this.state, pending.by, this.timers.now())));
      this.stop();
      pending.resolve();
    } catch (err) {
      pending.reject(err);
      throw err;
    } finally {
      this.closeAfterHand = null;
    }
  }

  /** @internal the legal actions now (the clock and the bots read them). */
  legal(): ReturnType<typeof legalActions> {
    return this.hand ? legalActions(this.hand.state) : null;
  }
}

const CLIENT_FORBIDDEN = new Set(['draw-timeout', 'artificialAllIn']);

const toWire = (e: TableEvent): WireHandEvent => e as unknown as WireHandEvent;
