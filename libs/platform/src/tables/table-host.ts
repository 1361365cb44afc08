// One table in this process: its single writer (DESIGN.md principle 7). Every command — a seat, a
// decision, a timeout, a bot's move, the next deal — runs through the table's SerialQueue, so the
// libs/table state and the engine hand are only ever changed by one piece of code at a time.
//
// Per accepted hand transition: engine apply → hand store appendEvents (events + chip movements in
// one transaction) → only then the per-seat feeds go out. A refused command throws a typed
// TableHostError and changes nothing.
import { randomUUID } from 'node:crypto';
import {
  apply,
  commitDeal,
  cryptoRandom,
  DEAL_SCHEME,
  firstDeckSize,
  hashRandom,
  isOver,
  newShuffleSeed,
  openingsFor,
  sparksOf,
  legalActions,
  start,
  view,
  viewEvents,
  type Action,
  type HandEvent,
  type HandState,
  type RandomSource,
  type Viewer,
} from '@naiko/engine';
import {
  closeTable,
  decideBotAction,
  expireDisconnections,
  expireSeatOffer,
  finalDeadline,
  finishHand,
  disconnect as tableDisconnect,
  handResultFromStacks,
  invite as tableInvite,
  join,
  leave as tableLeave,
  makeBotIdentity,
  nextDeadline,
  planNextHand,
  reconnect as tableReconnect,
  reload as tableReload,
  seatOf,
  seatsForBots,
  setInviteCode as tableSetInviteCode,
  setTimeBank,
  sitIn as tableSitIn,
  sitOut as tableSitOut,
  startDecision,
  startHand,
  timeBankAfter,
  timeoutAction,
  toBotView,
  toHandConfig,
  updateSettings as tableUpdateSettings,
  type DecisionClock,
  type DecisionKind,
  type SettingsPatch,
  type TableConfig,
  type TableEvent,
  type TableState,
  type Transition,
  type NextHandPlan,
  GAMES,
  withSeat,
  createTable,
  decideBotPower,
  toBotPowerView,
} from '@naiko/table';
import type { ClockInfo, TablePublicState, TableSnapshotPayload, TableSummary, WireHandEvent } from '@naiko/contracts';
import { CONFIGURED_STAKES, type BlindSchedule } from './blind-schedule';
import type { ChipSource } from './chip-source';
import { fromEngineError, fromTableError, TableHostError } from './host-errors';
import { REAL_TIMERS, type BotDirectory, type HandSink, type ProtectionQuota, type TableBroadcaster, type Timers } from './ports';
import { SerialQueue } from './serial-queue';

export interface PlayerRef {
  userId: string;
  name: string;
  isBot?: boolean;
}

export interface SitRequest {
  buyIn: number;
  seat?: number;
  inviteCode?: string;
  waitForBigBlind?: boolean;
}

/** A decision sent by a player (or a bot): the engine action without seat and version. */
export interface Decision {
  type: string;
  amount?: number;
  discard?: number[];
  target?: number;
  card?: number;
}

export interface FinishedHand {
  handId: string;
  handNumber: number;
  /** The deal's commitment (Merkle root, scheme naiko-merkle-v2; null for an injected test deck). The seed stays secret. */
  commitment: string | null;
  stacks: { seat: number; playerId: string; stack: number }[];
}

export interface TableHostHooks {
  /** After each hand, once its result is stored and the table updated (tournaments: busts, balancing, levels). */
  onHandFinished?(host: TableHost, hand: FinishedHand): void | Promise<void>;
  /** Something the lobby shows changed (seats, stakes, closed). */
  onChanged?(host: TableHost): void;
}

export interface TableHostOptions {
  tableId: string;
  name: string;
  config: TableConfig;
  chips: ChipSource;
  hands: HandSink;
  broadcaster: TableBroadcaster;
  schedule?: BlindSchedule;
  bots?: BotDirectory;
  /** With bots allowed: fill empty seats until this many players sit (default 4; never the last free seat). */
  botTarget?: number;
  /** Bots make room as people arrive: above the target, the surplus bots leave between hands (the room's default tables). */
  botsMakeRoom?: boolean;
  /** Table decisions (first button, bots' mixing); default the CSPRNG. */
  rng?: RandomSource;
  /**
   * Each hand's secret shuffle seed (default `newShuffleSeed()`, 256 CSPRNG bits). The hand starts with
   * `hashRandom(seed)`; its commitment (a Merkle root over salted deck positions) is stored and published
   * at the start; after the hand each audience gets the openings of the cards it saw; the seed itself is
   * stored (HandSink.storeDealSeed) and never broadcast (HTTP disclosure: hand-history controller).
   */
  seeds?: () => string;
  /** Tests only: a shuffle source instead of a seed (no commitment, nothing to reveal). */
  deckRng?: () => RandomSource;
  timers?: Timers;
  /** Pause between two hands (default 2 s). */
  handPauseMs?: number;
  /** A bot's "thinking" time (default 800 ms; 0 in tests and benchmarks). */
  botDelayMs?: number;
  hooks?: TableHostHooks;
  log?: (level: 'warn' | 'error', msg: string, data?: Record<string, unknown>) => void;
  /**
   * A tournament table: the tournament decides each deal (who sits where, who is dealt in, the
   * button) instead of the table's cash rules; cash-only commands (sit, reload, leave, sit out/in,
   * host settings) are refused with TOURNAMENT_TABLE; no bots are added or removed, nobody is sat
   * out for a disconnection (the clock checks/folds him: he is blinded off, never removed).
   */
  tournament?: TournamentDealer;
  /**
   * Disconnection protection allowance (cash tables; `ProtectionUses` in PostgreSQL). Without it, and
   * at every tournament table (Sit & Go, Spin, scheduled), the clock never protects: it checks/folds.
   */
  protections?: ProtectionQuota;
}

/** One seat of a tournament table as the tournament's own state has it. */
export interface TournamentSeat {
  userId: string;
  name: string;
  isBot: boolean;
  /** The player's tournament stack (the tournament's book). */
  stack: number;
}

/** The tournament's decision for the next hand at one table. */
export interface TournamentDeal {
  /** The hand's number in the tournament's book. */
  handNumber: number;
  /** The whole table, by seat: the host mirrors it before dealing. */
  seats: readonly (TournamentSeat | null)[];
  /** Seats dealt in (the others wait, e.g. a moved player between the small blind and the button). */
  dealtIn: readonly number[];
  button: number;
  /**
   * Blind seats the tournament decided (dead-button rule: the button may be an empty seat and the
   * small blind dead, null). Without them the blinds follow the button like the engine's default.
   */
  smallBlind?: number | null;
  bigBlind?: number;
  /** The tournament's seating version (optional): the host never goes back to an older seating. */
  version?: number;
}

export interface TournamentDealer {
  /** The next deal, or null when the table may not deal now (break, hand-for-hand, redraw, lease lost). */
  nextHand(host: TableHost): Promise<TournamentDeal | null>;
  /** When to ask again after a null. */
  retryMs: number;
  /** The scheduled tournament's id, shown in the table's summary (the client links to its lobby). */
  tournamentId?: number;
  /** A Sit & Go instance's id, shown in the table's summary instead (the client links to its lobby). */
  sitAndGoId?: number;
}

interface RunningHand {
  id: string;
  number: number;
  state: HandState;
  seq: number;
  /** seat → player id, for the hand's dealt-in seats. */
  players: Map<number, string>;
  clock: (DecisionClock & { seat: number }) | null;
  timer: unknown;
  carryOver: number;
  seed: string | null;
  commitment: string | null;
  /** The committed leaves (reused for every audience's openings). */
  leaves: string[];
  /** The hand's full event log so far (the openings at the end are decided from it). */
  log: HandEvent[];
  /** The blind seats of the hand (its hand-started event), for a client opening the table mid-hand. */
  blinds?: { smallBlindSeat: number | null; bigBlindSeat: number | null };
}

function blindSeatsOf(events: readonly { type: string }[]): RunningHand['blinds'] {
  const e = events.find((x) => x.type === 'hand-started') as { smallBlindSeat?: number | null; bigBlindSeat?: number | null } | undefined;
  return e ? { smallBlindSeat: e.smallBlindSeat ?? null, bigBlindSeat: e.bigBlindSeat ?? null } : undefined;
}

const CLIENT_FORBIDDEN = new Set(['draw-timeout', 'artificialAllIn']);

export class TableHost {
  readonly tableId: string;
  readonly name: string;
  private state: TableState;
  private hand: RunningHand | null = null;
  private readonly queue = new SerialQueue();
  private readonly timers: Timers;
  private readonly rng: RandomSource;
  /** Distinguishes this host's ledger keys from a previous process's (table versions restart at 0). */
  private readonly incarnation = randomUUID().slice(0, 8);
  private nextHandTimer: unknown = null;
  /** The next reconnection window or seat offer to run out (libs/table nextDeadline), and its timer. */
  private deadline: { at: number; timer: unknown } | null = null;
  private stopped = false;
  /** A close asked for during a hand: who asked, and the promise its caller waits on. */
  private closeAfterHand: { by: string; done: Promise<void>; resolve: () => void; reject: (err: unknown) => void } | null = null;
  /** Tournament tables: the newest tournament seating mirrored so far (see TournamentDeal.version). */
  private tournamentVersion = -1;
  /** The tournament's refusals to deal in a row (a break, a hand-for-hand wait): the next ask backs off. */
  private tournamentWaits = 0;

  constructor(private readonly o: TableHostOptions) {
    this.tableId = o.tableId;
    this.name = o.name;
    this.state = createTable(o.config);
    this.timers = o.timers ?? REAL_TIMERS;
    this.rng = o.rng ?? cryptoRandom();
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
    const c = this.state.config;
    const seated = this.state.seats.filter((s) => s !== null).length;
    const { smallBlind, bigBlind, ante, bringIn, smallBet, bigBet } = c.stakes;
    return {
      tableId: this.tableId,
      name: this.name,
      game: c.game,
      structure: c.structure,
      stakes: { smallBlind, bigBlind, ...(ante !== undefined ? { ante } : {}), ...(bringIn !== undefined ? { bringIn } : {}), ...(smallBet !== undefined ? { smallBet } : {}), ...(bigBet !== undefined ? { bigBet } : {}) },
      buyIn: { ...c.buyIn },
      seats: c.seats,
      seated,
      seatsFree: c.seats - seated,
      naikoMode: c.naikoMode,
      botsAllowed: c.botsAllowed,
      private: c.private !== null,
      hostId: c.private?.hostId ?? null,
      ...(c.private ? { spectatorsAllowed: c.private.spectatorsAllowed === true } : {}),
      closed: this.state.closed,
      ...(this.closeAfterHand && !this.state.closed ? { closingAfterHand: true } : {}),
      handsPlayed: this.state.handsPlayed,
      ...(this.o.tournament?.tournamentId !== undefined ? { tournamentId: this.o.tournament.tournamentId } : {}),
      ...(this.o.tournament?.sitAndGoId !== undefined ? { sitAndGoId: this.o.tournament.sitAndGoId } : {}),
    };
  }

  publicState(): TablePublicState {
    const inHand = new Set(this.hand ? [...this.hand.players.keys()] : []);
    return {
      summary: this.summary(),
      version: this.state.version,
      seatMap: this.state.seats.map((s, seat) =>
        s === null
          ? null
          : {
              seat,
              playerId: s.playerId,
              name: s.name,
              isBot: s.isBot,
              stack: s.stack,
              sittingOut: s.sittingOut,
              connected: s.connected,
              inHand: inHand.has(seat),
              missedBig: s.missedBig,
              missedSmall: s.missedSmall,
            },
      ),
      button: this.state.positions?.button ?? null,
      handNumber: this.hand?.number ?? null,
      waitingList: this.state.waitingList.length,
    };
  }

  /** What one user may see right now: his own seat's view when he is dealt in, else the spectator view. */
  snapshot(userId: string | null): TableSnapshotPayload {
    const seat = userId === null ? -1 : seatOf(this.state, userId);
    const h = this.hand;
    const dealt = h !== null && seat >= 0 && h.players.get(seat) === userId;
    return {
      tableId: this.tableId,
      table: this.publicState(),
      yourSeat: seat >= 0 ? seat : null,
      hand: h
        ? {
            handId: h.id,
            handNumber: h.number,
            view: view(h.state, dealt ? seat : 'spectator') as unknown as Record<string, unknown>,
            clock: this.clockInfo(),
            commitment: h.commitment,
            ...(h.blinds ? { blinds: h.blinds } : {}),
          }
        : null,
    };
  }

  // ------------------------------------------------------------------ commands (all serialized)

  /** Starts dealing when enough players sit (call once after construction). */
  start(): void {
    this.scheduleNextHand(0);
  }

  /** Stops every timer (process shutdown). The running hand stays `running` in the store: the crash rule handles it at the next boot. */
  stop(): void {
    this.stopped = true;
    if (this.nextHandTimer) this.timers.clear(this.nextHandTimer);
    if (this.deadline) this.timers.clear(this.deadline.timer);
    if (this.hand?.timer) this.timers.clear(this.hand.timer);
  }

  sit(player: PlayerRef, req: SitRequest): Promise<number> {
    return this.queue.run(async () => {
      this.cashOnly('sit');
      const t = this.tryTable(() =>
        join(this.state, {
          playerId: player.userId,
          name: player.name,
          isBot: player.isBot ?? false,
          seat: req.seat,
          buyIn: req.buyIn,
          now: this.timers.now(),
          inviteCode: req.inviteCode,
          waitForBigBlind: req.waitForBigBlind,
        }),
      );
      // Chips move first; the seat exists only once the ledger has them (a refusal changes nothing).
      await this.o.chips.buyIn(player.userId, req.buyIn, this.key('sit', player.userId));
      await this.commit(t);
      this.scheduleNextHand();
      return seatOf(this.state, player.userId);
    });
  }

  reload(userId: string, amount: number): Promise<void> {
    return this.queue.run(async () => {
      this.cashOnly('reload');
      const t = this.tryTable(() => tableReload(this.state, userId, amount));
      await this.o.chips.reload(userId, amount, this.key('reload', userId));
      await this.commit(t);
      this.scheduleNextHand();
    });
  }

  leave(userId: string): Promise<void> {
    return this.queue.run(async () => {
      this.cashOnly('leave');
      await this.commit(this.tryTable(() => tableLeave(this.state, userId, this.timers.now())));
      // Leaving during a hand folds at once: if it is the leaver's turn now, decide without the clock.
      const h = this.hand;
      if (h?.clock && h.players.get(h.clock.seat) === userId) this.restartClock(h);
    });
  }

  sitOut(userId: string): Promise<void> {
    return this.queue.run(() => this.cashOnly('sit out') ?? this.commit(this.tryTable(() => tableSitOut(this.state, userId))));
  }

  sitIn(userId: string, waitForBigBlind?: boolean): Promise<void> {
    return this.queue.run(async () => {
      this.cashOnly('sit in');
      await this.commit(this.tryTable(() => tableSitIn(this.state, userId, waitForBigBlind === undefined ? {} : { waitForBigBlind })));
      this.scheduleNextHand();
    });
  }

  /** A socket of this user connected/disconnected (the gateway counts sockets; this sees the first and the last). */
  connected(userId: string): Promise<void> {
    return this.queue.run(async () => {
      if (seatOf(this.state, userId) < 0) return;
      await this.commit(tableReconnect(this.state, userId, this.timers.now()));
    });
  }

  disconnected(userId: string): Promise<void> {
    return this.queue.run(async () => {
      if (seatOf(this.state, userId) < 0) return;
      await this.commit(tableDisconnect(this.state, userId, this.timers.now()));
      this.scheduleNextHand();
    });
  }

  /** A player's decision, made on hand version `version`. Stale and repeated decisions are refused (CONFLICT). */
  act(userId: string, version: number, decision: Decision): Promise<void> {
    return this.queue.run(async () => {
      const h = this.hand;
      if (!h) throw new TableHostError('CONFLICT', 'NO_HAND_IN_PROGRESS', 'no hand is running');
      const seat = seatOf(this.state, userId);
      if (seat < 0 || h.players.get(seat) !== userId) throw new TableHostError('FORBIDDEN', 'NOT_DEALT_IN', 'you are not dealt into this hand');
      if (CLIENT_FORBIDDEN.has(decision.type)) throw new TableHostError('FORBIDDEN', 'TABLE_DECISION', `${decision.type} is the table's decision`);
      await this.decide(seat, userId, { ...decision, seat, expectedVersion: version });
    });
  }

  chat(userId: string, text: string): Promise<void> {
    return this.queue.run(() => {
      const seat = seatOf(this.state, userId);
      if (seat < 0) throw new TableHostError('FORBIDDEN', 'NOT_SEATED', 'only seated players chat at the table');
      const s = this.state.seats[seat]!;
      this.o.broadcaster.chat({ tableId: this.tableId, from: { playerId: userId, name: s.name, isBot: s.isBot }, text, at: this.timers.now() });
    });
  }

  updateSettings(by: string, patch: SettingsPatch): Promise<void> {
    return this.queue.run(() => this.cashOnly('settings') ?? this.commit(this.tryTable(() => tableUpdateSettings(this.state, by, patch))));
  }

  invite(by: string, userId: string): Promise<void> {
    return this.queue.run(() => this.cashOnly('invite') ?? this.commit(this.tryTable(() => tableInvite(this.state, by, userId))));
  }

  setInviteCode(by: string, code: string | null): Promise<void> {
    return this.queue.run(() => this.cashOnly('invite') ?? this.commit(this.tryTable(() => tableSetInviteCode(this.state, by, code))));
  }

  /**
   * Closes the table; every stack goes back to its account. Between hands at once; during a hand
   * the table closes when that hand is over (no new hand is dealt): `afterHand` resolves then.
   */
  close(by: string): Promise<{ deferred: boolean; afterHand: Promise<void> }> {
    return this.queue.run(async () => {
      this.cashOnly('close');
      if (this.state.hand || this.hand) {
        // The same checks as closing now (host only, not closed yet), on the state without its hand.
        this.tryTable(() => closeTable({ ...this.state, hand: null }, by, this.timers.now()));
        if (!this.closeAfterHand) {
          let resolve!: () => void;
          let reject!: (err: unknown) => void;
          const done = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
          done.catch(() => undefined);
          this.closeAfterHand = { by, done, resolve, reject };
          this.o.hooks?.onChanged?.(this);
        }
        return { deferred: true, afterHand: this.closeAfterHand.done };
      }
      await this.commit(this.tryTable(() => closeTable(this.state, by, this.timers.now())));
      this.stop();
      return { deferred: false, afterHand: Promise.resolve() };
    });
  }

  /** The close asked for during the hand that just ended. */
  private async closeNow(): Promise<void> {
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

  /**
   * Tournament tables: mirrors the tournament's seating now (busts leave, moved players arrive),
   * except the seats dealt into the running hand — the tournament never moves a player in a hand.
   */
  syncTournamentSeats(seats: readonly (TournamentSeat | null)[], version?: number): Promise<void> {
    return this.queue.run(async () => {
      if (!this.o.tournament || this.stopped) return;
      // A seating read before the one this table last mirrored (reads race deals) is stale.
      if (version !== undefined && version < this.tournamentVersion) return;
      if (version !== undefined) this.tournamentVersion = version;
      const t = this.tournamentSeating(seats);
      await this.commit(t);
    });
  }

  // ------------------------------------------------------------------ internals

  /** Refuses a cash-table command at a tournament table (typed, changes nothing). */
  private cashOnly(what: string): undefined {
    if (this.o.tournament) throw new TableHostError('FORBIDDEN', 'TOURNAMENT_TABLE', `${what} is not possible at a tournament table: the tournament seats its players`);
    return undefined;
  }

  /** The table transitions that make the seats match the tournament's (never a seat dealt into the running hand). */
  private tournamentSeating(seats: readonly (TournamentSeat | null)[]): Transition<TableState> {
    const now = this.timers.now();
    const busy = new Set(this.hand ? [...this.hand.players.keys()] : []);
    let state = this.state;
    const events: TableEvent[] = [];
    const run = (t: Transition<TableState>) => {
      state = t.state;
      events.push(...t.events);
    };
    state.seats.forEach((cur, i) => {
      if (cur && !busy.has(i) && cur.playerId !== seats[i]?.userId) run(tableLeave(state, cur.playerId, now));
    });
    seats.forEach((want, i) => {
      if (!want || i >= state.seats.length) return;
      const cur = state.seats[i];
      if (cur === null) {
        if (seatOf(state, want.userId) >= 0 || want.stack <= 0) return; // still dealt in at his old seat (redraw): next time
        run(join(state, { playerId: want.userId, name: want.name, isBot: want.isBot, seat: i, buyIn: want.stack, now, waitForBigBlind: false }));
      } else if (cur.playerId === want.userId && !busy.has(i) && cur.stack !== want.stack) {
        // The tournament's book is the truth (e.g. a hand cancelled by the crash rule returned chips).
        run({ state: withSeat(state, i, { ...cur, stack: want.stack }), events: [] });
      }
    });
    return { state, events };
  }

  /** The deal the tournament decided, as the table's plan (blinds from the button like the engine's default). */
  private tournamentPlan(deal: TournamentDeal): NextHandPlan {
    const s = this.state;
    const dealt = [...deal.dealtIn].sort((a, b) => a - b);
    const after = (from: number) => dealt.find((x) => x > from) ?? dealt[0];
    const antes = GAMES[s.config.game].forcedBets === 'antes';
    const headsUp = dealt.length === 2;
    const decided = !antes && deal.bigBlind !== undefined;
    const sb = antes ? null : decided ? (deal.smallBlind ?? null) : headsUp ? deal.button : after(deal.button);
    const bb = antes ? null : decided ? deal.bigBlind! : sb === null ? null : after(sb);
    return {
      basedOnVersion: s.version,
      handNumber: deal.handNumber,
      forcedBets: antes ? 'antes' : 'blinds',
      button: deal.button,
      smallBlindSeat: sb,
      bigBlindSeat: bb,
      dealtIn: dealt.map((seat) => ({ seat, playerId: s.seats[seat]!.playerId, stack: s.seats[seat]!.stack, sparks: 0 })),
      posts: [],
      waiting: s.seats.flatMap((x, seat) => (x && !dealt.includes(seat) ? [{ seat, playerId: x.playerId, reason: 'waitForButton' as const }] : [])),
      missed: [],
      carryOver: s.carryOver,
      headsUp,
      freshStart: false,
      positions: { button: deal.button, smallBlind: sb, bigBlind: bb },
    };
  }

  private tryTable(fn: () => Transition<TableState>): Transition<TableState> {
    try {
      return fn();
    } catch (err) {
      return fromTableError(err);
    }
  }

  private key(what: string, userId: string): string {
    return `table:${this.tableId}:${this.incarnation}:v${this.state.version}:${what}:${userId}`;
  }

  /** Applies a table transition: chips that leave the table go back to accounts, then the change is published. */
  private async commit(t: Transition<TableState>, publish = true): Promise<void> {
    for (const e of t.events) {
      if (e.type === 'cashedOut') await this.o.chips.cashOut(e.playerId, e.amount, this.key(`out-${e.reason}`, e.playerId));
    }
    this.state = t.state;
    if (publish && t.events.length) {
      this.o.broadcaster.table(this.tableId, this.publicState(), t.events.map(toWire));
      this.o.hooks?.onChanged?.(this);
    }
    if (t.events.length) this.scheduleDeadline();
  }

  /**
   * Reconnection windows and seat offers run out on time — during a hand and while the table
   * waits for players too — not only when the next hand is dealt. (Tournament tables never sit a
   * player out: the clock blinds him off.)
   */
  private scheduleDeadline(): void {
    const at = this.stopped || this.state.closed || this.o.tournament ? null : nextDeadline(this.state);
    if (this.deadline?.at === at) return;
    if (this.deadline) this.timers.clear(this.deadline.timer);
    this.deadline = null;
    if (at === null) return;
    const timer = this.timers.set(() => {
      this.deadline = null;
      this.queue.run(() => this.expireDeadlines()).catch((err: unknown) => this.log('error', 'deadline failed', err));
    }, Math.max(0, at - this.timers.now()));
    this.deadline = { at, timer };
  }

  private async expireDeadlines(): Promise<void> {
    if (this.stopped || this.state.closed) return;
    const now = this.timers.now();
    const windows = expireDisconnections(this.state, now);
    await this.commit(windows, false);
    const offer = expireSeatOffer(this.state, now);
    await this.commit(offer, false);
    this.publishTable([...windows.events, ...offer.events]);
    this.scheduleDeadline();
  }

  private scheduleNextHand(ms = this.o.handPauseMs ?? 2000): void {
    if (this.stopped || this.state.closed || this.hand || this.nextHandTimer) return;
    this.nextHandTimer = this.timers.set(() => {
      this.nextHandTimer = null;
      this.queue.run(() => this.dealNextHand()).then(
        () => (this.dealFailures = 0),
        (err: unknown) => {
          // Nothing changed in memory (a stored hand without events is cancelled by the crash rule);
          // try again, backing off (1 s, 2 s, 4 s ... 30 s) so a table that cannot deal does not spin.
          const ms = Math.min(30_000, 1000 * 2 ** Math.min(this.dealFailures++, 5));
          this.log('error', `deal failed; retrying in ${ms / 1000} s`, err);
          this.scheduleNextHand(ms);
        },
      );
    }, ms);
  }

  /** Deals that failed in a row (back-off). */
  private dealFailures = 0;

  private log(level: 'warn' | 'error', msg: string, err?: unknown): void {
    this.o.log?.(level, msg, { tableId: this.tableId, err: err instanceof Error ? err.stack : String(err) });
  }

  private async dealNextHand(): Promise<void> {
    if (this.stopped || this.state.closed || this.hand) return;
    if (this.closeAfterHand) return this.closeNow();
    const now = this.timers.now();
    const events: TableEvent[] = [];
    const step = async (t: Transition<TableState>): Promise<void> => {
      await this.commit(t, false);
      events.push(...t.events);
    };
    let planned: ReturnType<typeof planNextHand>;
    if (this.o.tournament) {
      // A tournament table: the tournament decides the deal; the table mirrors its seats first.
      const deal = await this.o.tournament.nextHand(this);
      // A deal the tournament allowed is dealt even if the host was stopped meanwhile: the hand is
      // stored as running and the crash rule cancels it at the next start (no begun hand is lost).
      if (!deal) {
        // Each ask is a locking transaction on the tournament's row: ask again soon at first (a
        // hand-for-hand round, a redraw), then less often, up to ten times the base delay (a break
        // lasts minutes, and every waiting table asks).
        const base = this.o.tournament.retryMs;
        this.scheduleNextHand(Math.min(base * 2 ** Math.min(this.tournamentWaits, 4), base * 10));
        this.tournamentWaits++;
        return;
      }
      this.tournamentWaits = 0;
      if (deal.version !== undefined) this.tournamentVersion = Math.max(this.tournamentVersion, deal.version);
      await step(this.tournamentSeating(deal.seats));
      const missing = deal.dealtIn.find((seat) => this.state.seats[seat]?.playerId !== deal.seats[seat]?.userId);
      if (missing !== undefined) {
        const want = deal.seats[missing];
        const cur = this.state.seats[missing];
        const elsewhere = want ? seatOf(this.state, want.userId) : -1;
        throw new Error(
          `tournament deal ${deal.handNumber}: a dealt-in seat could not be taken (seat ${missing}: wants ${want?.userId ?? 'nobody'} with ${want?.stack ?? 0} chips, ` +
            `holds ${cur ? `${cur.playerId}${cur.leaveAfterHand ? ' leaving after the hand' : ''}` : 'nobody'}${elsewhere >= 0 ? `, he sits at seat ${elsewhere}` : ''}${this.state.hand ? ', the table is in a hand' : ''})`,
        );
      }
      planned = { ok: true, plan: this.tournamentPlan(deal) };
    } else {
      await step(expireDisconnections(this.state, now));
      await step(expireSeatOffer(this.state, now));
      await this.manageBots(step);
      planned = planNextHand(this.state, this.rng);
    }
    if (!planned.ok) {
      this.publishTable(events);
      return; // waits for players: sit/sitIn/reload schedule the next try
    }
    const dealt = startHand(this.state, planned.plan);
    const schedule = this.o.schedule ?? CONFIGURED_STAKES;
    const stakes = schedule.stakesFor({ handNumber: planned.plan.handNumber, now, configured: this.state.config.stakes });
    const config = stakes === this.state.config.stakes ? this.state.config : { ...this.state.config, stakes };
    const naiko = config.naikoMode;
    // The plan already granted the deal's spark (max 3): the engine must not add it a second time.
    const powers = naiko
      ? { sparks: Object.fromEntries(planned.plan.dealtIn.map((d) => [d.seat, d.sparks])), dealSparkGranted: true, shieldWindowMs: config.clock.shieldResponseMs }
      : undefined;
    const handConfig = toHandConfig(config, planned.plan, powers ? { powers } : {});
    // Tournament levels may play a big-blind ante, which the table's stakes type does not carry.
    if ((stakes as { bigBlindAnte?: boolean }).bigBlindAnte) handConfig.stakes = { ...handConfig.stakes, bigBlindAnte: true };
    const seed = this.o.deckRng ? null : (this.o.seeds ?? newShuffleSeed)();
    const started = start(handConfig, { rng: seed === null ? this.o.deckRng!() : hashRandom(seed) });
    // The commitment covers every deck position (spare decks included); in Naiko mode the carousel is
    // drawn from the same seed after the deck and is public from the deal.
    const deal = seed === null ? null : commitDeal(started.state.deck, seed);
    const commitment = deal?.root ?? null;
    // ONE transaction: the hand (seats, stacks, config, commitment), its secret seed and the deal's
    // first events, before anything of the hand is broadcast. Its chips are posted at its end.
    const stored = await this.o.hands.dealHand({
      ...this.o.chips.handRef,
      handNumber: planned.plan.handNumber,
      config: handConfig,
      players: planned.plan.dealtIn.map((d) => ({ seat: d.seat, userId: d.playerId })),
      ...(commitment === null ? {} : { commitment }),
      seed,
      events: started.events,
    });
    await step(dealt);
    this.hand = {
      id: stored.id,
      number: planned.plan.handNumber,
      state: started.state,
      seq: started.events.length,
      players: new Map(planned.plan.dealtIn.map((d) => [d.seat, d.playerId])),
      clock: null,
      timer: null,
      carryOver: 0,
      seed,
      commitment,
      leaves: deal?.leaves ?? [],
      log: [],
      blinds: blindSeatsOf(started.events),
    };
    this.publishTable(events);
    // A deal that is already over (every player all-in from the forced bets) ends here.
    if (isOver(started.state)) await this.o.hands.endHand(stored.id, started.events);
    await this.afterHandEvents(started.events);
  }

  private publishTable(events: TableEvent[]): void {
    if (!events.length) return;
    this.o.broadcaster.table(this.tableId, this.publicState(), events.map(toWire));
    this.o.hooks?.onChanged?.(this);
  }

  /**
   * Bots (docs/rules/naiko.de.txt §7): leave when no human is left, rebuy when busted, fill empty seats up to
   * the target.
   */
  private async manageBots(step: (t: Transition<TableState>) => Promise<void>): Promise<void> {
    const config = this.state.config;
    const humans = this.state.seats.filter((s) => s && !s.isBot).length;
    const buyIn = config.buyIn.max ?? config.buyIn.min * 2;
    for (const s of this.state.seats) {
      if (!s?.isBot) continue;
      if (humans === 0 || !config.botsAllowed) {
        await step(tableLeave(this.state, s.playerId, this.timers.now()));
      } else if (s.stack < config.stakes.bigBlind && s.stack + (buyIn - s.stack) >= config.buyIn.min) {
        const amount = buyIn - s.stack;
        await this.o.bots?.ensureBot(s.name, amount, this.key('bot-chips', s.playerId));
        await this.o.chips.reload(s.playerId, amount, this.key('bot-reload', s.playerId));
        await step(tableReload(this.state, s.playerId, amount));
      }
    }
    // Bots never take the last free seat: a human arriving can always sit down.
    const target = Math.min(this.o.botTarget ?? 4, config.seats - 1);
    // Bots make room as people arrive: above the target, the surplus bots leave (between hands).
    let surplus = this.o.botsMakeRoom ? this.state.seats.filter((s) => s !== null).length - target : 0;
    for (const s of [...this.state.seats].reverse()) {
      if (surplus <= 0) break;
      if (!s?.isBot) continue;
      await step(tableLeave(this.state, s.playerId, this.timers.now()));
      surplus--;
    }
    if (!this.o.bots) return;
    for (const seat of seatsForBots(this.state, target)) {
      const taken = this.state.seats.filter((s) => s !== null).map((s) => s!.name);
      const identity = makeBotIdentity(this.rng, taken);
      const userId = await this.o.bots.ensureBot(identity.name, buyIn, this.key('bot-chips', identity.name));
      if (seatOf(this.state, userId) >= 0) continue;
      const t = join(this.state, { playerId: userId, name: identity.name, isBot: true, seat, buyIn, now: this.timers.now(), waitForBigBlind: false });
      await this.o.chips.buyIn(userId, buyIn, this.key('bot-sit', userId));
      await step(t);
    }
  }

  /** Runs one engine action through validation, persistence and publication. */
  private async decide(seat: number, userId: string, action: Action): Promise<void> {
    const h = this.hand!;
    const r = apply(h.state, action);
    if (!r.ok) throw fromEngineError(r.error);
    // The hand is the unit of durability: an action is journaled behind the broadcast (group
    // commit, nobody waits); the hand's end is committed — result and every chip movement in one
    // transaction — before anyone hears of it. A failed end changes nothing here (retried by the
    // next timeout); a crash before it cancels the hand and returns every contribution.
    if (isOver(r.state)) await this.o.hands.endHand(h.id, [...h.log, ...r.events]);
    else this.o.hands.journal(h.id, h.seq, r.events);
    h.seq += r.events.length;
    h.state = r.state;
    if (h.clock && h.clock.seat === seat && h.clock.kind === 'bet') {
      const left = timeBankAfter(h.clock, this.timers.now());
      if (left !== this.state.seats[seat]?.timeBankMs) this.state = setTimeBank(this.state, userId, Math.max(0, left)).state;
    }
    await this.afterHandEvents(r.events);
  }

  private async afterHandEvents(events: HandEvent[]): Promise<void> {
    const h = this.hand!;
    if (h.timer) this.timers.clear(h.timer);
    h.timer = null;
    h.clock = null;
    for (const e of events) if (e.type === 'hand-ended' && e.carryOver) h.carryOver += e.carryOver;
    h.log.push(...events);
    const over = isOver(h.state);
    if (!over) this.startClock(h);
    this.publishHand(h, events);
    if (over) await this.finishCurrentHand(h);
    else this.scheduleBot(h);
  }

  private decisionKind(actions: readonly string[]): DecisionKind {
    if (actions.includes('draw')) return 'draw';
    if (actions.includes('decline')) return 'shield';
    return 'bet';
  }

  /** A player who left during the hand (leaveAfterHand): his decisions are taken at once, no clock. */
  private leaving(seat: number): boolean {
    return this.state.seats[seat]?.leaveAfterHand === true;
  }

  private restartClock(h: RunningHand): void {
    if (h.timer !== undefined && h.timer !== null) this.timers.clear(h.timer);
    this.startClock(h);
  }

  private startClock(h: RunningHand): void {
    const la = legalActions(h.state);
    if (!la) return;
    const seat = la.seat;
    const now = this.timers.now();
    const bank = this.state.seats[seat]?.timeBankMs ?? 0;
    const clock = startDecision(this.decisionKind(la.actions), now, this.state.config.clock, bank);
    h.clock = { ...clock, seat };
    const version = h.state.version;
    h.timer = this.timers.set(() => {
      this.queue.run(() => this.onTimeout(h.id, version)).catch((err: unknown) => this.log('error', 'timeout failed', err));
    }, this.leaving(seat) ? 0 : Math.max(0, finalDeadline(clock) - now));
  }

  private clockInfo(): ClockInfo | null {
    const c = this.hand?.clock;
    return c ? { seat: c.seat, kind: c.kind, deadline: c.deadline, timeBankMs: c.timeBankMs } : null;
  }

  private async onTimeout(handId: string, version: number): Promise<void> {
    if (this.stopped) return; // stopped (shutdown, lease lost): write nothing more
    const h = this.hand;
    if (!h || h.id !== handId || h.state.version !== version || !h.clock) return;
    const la = legalActions(h.state);
    if (!la) return;
    const seat = la.seat;
    const userId = h.players.get(seat)!;
    const s = this.state.seats[seat];
    const idx = h.state.seats.indexOf(seat);
    const quota = this.o.tournament ? undefined : this.o.protections;
    const ctx = {
      kind: h.clock.kind,
      legal: la.actions,
      structure: this.state.config.structure,
      disconnected: s ? !s.connected : true,
      committed: idx >= 0 ? h.state.committed[idx] : 0,
      // Only cash tables protect (docs/rules/README.md: never in Sit & Go, Spin or scheduled tournaments).
      cashTable: quota !== undefined,
      protectionAvailable: la.artificialAllIn === true && this.state.config.protectionsPerDay > 0,
    };
    let t = timeoutAction(ctx);
    // The allowance is spent in the database only when the rule would protect him; a refusal (none
    // left in the last 24 h, at any table) folds him like any other timeout.
    if (t.type === 'artificialAllIn' && !(await this.spendProtection(quota!, userId))) t = timeoutAction({ ...ctx, protectionAvailable: false });
    if (this.stopped || this.hand !== h || h.state.version !== version) return; // the spend awaited the database
    // A split offer (32-Card Draw) left unanswered is a refusal: silence never agrees to split a pot.
    const action: Action = la.actions.includes('no-split')
      ? { type: 'no-split', seat }
      : t.type === 'standPatByTimeout'
        ? { type: 'draw-timeout', seat }
        : t.type === 'decline'
          ? { type: 'decline', seat, timeout: true }
          : { type: t.type, seat };
    // A player who left during the hand folds at once (startClock gave him no clock).
    const leaverFolds = this.leaving(seat) && h.clock.kind === 'bet' && la.actions.includes('fold');
    await this.decide(seat, userId, { ...(leaverFolds ? { type: 'fold' as const, seat } : action), expectedVersion: version });
  }

  /** One protection from the player's 24 h allowance; a database failure counts as none left (the timeout still decides). */
  private async spendProtection(quota: ProtectionQuota, userId: string): Promise<boolean> {
    try {
      return await quota.trySpend({ userId, tableId: this.tableId, at: new Date(this.timers.now()), perDay: this.state.config.protectionsPerDay });
    } catch (err) {
      this.log('warn', 'protection allowance unavailable: folding', err);
      return false;
    }
  }

  private scheduleBot(h: RunningHand): void {
    const la = legalActions(h.state);
    if (!la) return;
    const s = this.state.seats[la.seat];
    if (!s?.isBot) return;
    const version = h.state.version;
    this.timers.set(() => {
      this.queue.run(() => this.botTurn(h.id, version)).catch((err: unknown) => this.log('warn', 'bot move failed', err));
    }, this.o.botDelayMs ?? 800);
  }

  /** A bot decides from its own seat's view only, and its move goes through the same validation as a player's. */
  private async botTurn(handId: string, version: number): Promise<void> {
    if (this.stopped) return; // stopped (shutdown, lease lost): write nothing more
    const h = this.hand;
    if (!h || h.id !== handId || h.state.version !== version) return;
    const la = legalActions(h.state);
    if (!la) return;
    const seat = la.seat;
    const userId = h.players.get(seat)!;
    const game = this.state.config.game;
    if (this.state.config.naikoMode && (await this.botPower(h, seat, userId, version))) return;
    if (la.actions.includes('decline')) {
      // A shield window the power policy did not answer: let the anchor stand.
      await this.decide(seat, userId, { type: 'decline', seat, expectedVersion: version });
      return;
    }
    const v = view(h.state, seat);
    const bv = toBotView(v, this.state.config.stakes.bigBlind, { lowball: game === 'draw27x3', omaha: game.startsWith('omaha') });
    if (!bv) return;
    const d = decideBotAction(bv, this.rng);
    const action: Action = d.type === 'draw' ? { type: 'draw', seat, discard: d.discard } : { type: d.type, seat, ...('amount' in d ? { amount: d.amount } : {}) };
    try {
      await this.decide(seat, userId, { ...action, expectedVersion: version });
    } catch (err) {
      // The policy proposed something the engine refuses: the table's timeout decision instead.
      if (!(err instanceof TableHostError)) throw err;
      this.log('warn', `bot action refused (${err.reason}), checking or folding`, err);
      const fallback: Action = la.actions.includes('check')
        ? { type: 'check', seat }
        : la.actions.includes('draw')
          ? { type: 'draw', seat, discard: [] }
          : { type: la.actions.includes('fold') ? 'fold' : la.actions.includes('no-split') ? 'no-split' : la.actions[0], seat };
      await this.decide(seat, userId, { ...fallback, expectedVersion: version });
    }
  }

  /**
   * Naiko mode (docs/rules/naiko.de.txt §7): the bot's power policy, from its own seat's view, before its poker action.
   * A power never ends the turn: the applied power schedules the bot's next move (the same seat, a
   * new version), where the policy finds no power left this turn and the poker policy acts. True
   * when a power (or a shield answer) was applied.
   */
  private async botPower(h: RunningHand, seat: number, userId: string, version: number): Promise<boolean> {
    const pv = toBotPowerView(view(h.state, seat), this.state.config.stakes.bigBlind);
    const p = pv ? decideBotPower(pv, this.rng) : null;
    if (!p) return false;
    try {
      await this.decide(seat, userId, { ...p, expectedVersion: version });
      return true;
    } catch (err) {
      if (!(err instanceof TableHostError)) throw err;
      this.log('warn', `bot power refused (${err.reason})`, err);
      return false;
    }
  }

  /** Sends each dealt-in seat its own filtered feed and the spectators theirs (never one payload with private cards to many). */
  private publishHand(h: RunningHand, events: HandEvent[]): void {
    const clock = this.clockInfo();
    const dealtIn = [...h.players.values()];
    for (const [seat, userId] of h.players) {
      this.o.broadcaster.hand(this.tableId, { userId, seat }, dealtIn, {
        handId: h.id,
        handNumber: h.number,
        events: this.withDealProof(h, events, seat),
        view: view(h.state, seat) as unknown as Record<string, unknown>,
        clock,
      });
    }
    if (this.o.broadcaster.hasSpectators?.(this.tableId, dealtIn) === false) return;
    this.o.broadcaster.hand(this.tableId, 'spectators', dealtIn, {
      handId: h.id,
      handNumber: h.number,
      events: this.withDealProof(h, events, 'spectator'),
      view: view(h.state, 'spectator') as unknown as Record<string, unknown>,
      clock,
    });
  }

  /**
   * A viewer's events, with the deal's commitment in front of the first batch (`dealCommitted`) and,
   * once the hand is over, the openings of exactly the deck positions this viewer saw (`dealOpenings`):
   * his own cards and every shown card for a player, the shown cards for spectators.
   */
  private withDealProof(h: RunningHand, events: HandEvent[], viewer: Viewer): WireHandEvent[] {
    const out = viewEvents(events, viewer) as WireHandEvent[];
    if (h.seed === null || h.commitment === null) return out;
    if (events.some((e) => e.type === 'hand-started')) {
      out.unshift({ type: 'dealCommitted', handId: h.id, handNumber: h.number, scheme: DEAL_SCHEME, commitment: h.commitment, positions: h.state.deck.length } as unknown as WireHandEvent);
    }
    if (isOver(h.state)) {
      const openings = openingsFor(h.state.deck, h.seed, firstDeckSize(h.state.config), h.log, viewer, h.leaves);
      out.push({ type: 'dealOpenings', handId: h.id, handNumber: h.number, scheme: DEAL_SCHEME, commitment: h.commitment, openings } as unknown as WireHandEvent);
    }
    return out;
  }

  private async finishCurrentHand(h: RunningHand): Promise<void> {
    const stacks = h.state.seats.map((seat, i) => ({ seat, stack: h.state.stacks[i] }));
    // Naiko: the sparks left after the hand's spending stay at the table for the next deal.
    const sparks = this.state.config.naikoMode ? sparksOf(h.state) : undefined;
    const t = this.tryTable(() => finishHand(this.state, handResultFromStacks(stacks, { carryOver: h.carryOver, ...(sparks ? { sparks } : {}) }), this.timers.now()));
    this.hand = null;
    await this.commit(t, false);
    // No seed here (it would let anyone recompute every folded hand): each audience already got the
    // openings of what it saw with the hand's last events; the seed is disclosed later over HTTP.
    this.publishTable([...t.events]);
    const finished: FinishedHand = {
      handId: h.id,
      handNumber: h.number,
      commitment: h.commitment,
      stacks: stacks.map((s) => ({ ...s, playerId: h.players.get(s.seat)! })),
    };
    try {
      await this.o.hooks?.onHandFinished?.(this, finished);
    } catch (err) {
      this.log('error', 'onHandFinished hook failed', err);
    }
    this.scheduleNextHand();
  }
}

const toWire = (e: TableEvent): WireHandEvent => e as unknown as WireHandEvent;
