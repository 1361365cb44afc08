// The tournament-table dealer (scheduled tournaments, Sit & Go, Spin): the tournament decides each
// deal — who sits where with which stack from its book, who is dealt in, the button — and the
// table mirrors it. No cash rules: no bots added or removed, no seat offers, nobody sat out for a
// disconnection (the clock checks/folds him: he is blinded off, never removed), no protection.
import {
  GAMES,
  join,
  leave,
  seatOf,
  setTimeBank,
  withSeat,
  type NextHandPlan,
  type TableEvent,
  type TableState,
  type Transition,
} from '@naiko/table';
import { TableHostError } from '../host-errors';
import type { TableHost } from '../table-host';
import type { Dealer, DealerAnswer, DealerRoom, Step } from './dealer';

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
  /**
   * Time bank refill before this hand (issue 25): `addMs` to every dealt-in player's bank, or `fill` it (capped at the
   * clock's bank).
   */
  timeBank?: { addMs: number; fill: boolean };
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

export class TournamentTableDealer implements Dealer {
  readonly kind = 'tournament' as const;
  readonly protects = false;
  readonly runsDeadlines = false;
  /** The newest tournament seating mirrored so far (see TournamentDeal.version). */
  private version = -1;
  /** The tournament's refusals to deal in a row (a break, a hand-for-hand wait): the next ask backs off. */
  private waits = 0;

  constructor(
    private readonly tournament: TournamentDealer,
    private readonly host: TableHost,
  ) {}

  cashOnly(what: string): void {
    throw new TableHostError(
      'FORBIDDEN',
      'TOURNAMENT_TABLE',
      `${what} is not possible at a tournament table: the tournament seats its players`,
    );
  }

  summaryRefs(): { tournamentId?: number; sitAndGoId?: number } {
    const dealer = this.tournament;
    return {
      ...(dealer.tournamentId !== undefined ? { tournamentId: dealer.tournamentId } : {}),
      ...(dealer.sitAndGoId !== undefined ? { sitAndGoId: dealer.sitAndGoId } : {}),
    };
  }

  /** A seating to mirror now, or null when it is older than the last one mirrored (reads race deals). */
  accept(version: number | undefined): boolean {
    if (version !== undefined && version < this.version) return false;
    if (version !== undefined) this.version = version;
    return true;
  }

  async nextHand(room: DealerRoom, step: Step): Promise<DealerAnswer> {
    const deal = await this.tournament.nextHand(this.host);
    // A deal the tournament allowed is dealt even if the host was stopped meanwhile: the hand is
    // stored as running and the crash rule cancels it at the next start (no begun hand is lost).
    if (!deal) {
      // Each ask is a locking transaction on the tournament's row: ask again soon at first (a
      // hand-for-hand round, a redraw), then less often, up to ten times the base delay (a break
      // lasts minutes, and every waiting table asks).
      const base = this.tournament.retryMs;
      const ms = Math.min(base * 2 ** Math.min(this.waits, 4), base * 10);
      this.waits++;
      return { wait: ms };
    }
    this.waits = 0;
    if (deal.version !== undefined) this.version = Math.max(this.version, deal.version);
    await step(seating(room.state, room.busySeats, deal.seats, room.now()));
    if (deal.timeBank) await step(refillTimeBanks(room.state, deal.dealtIn, deal.timeBank));
    const tableState = room.state;
    const missing = deal.dealtIn.find((seat) => tableState.seats[seat]?.playerId !== deal.seats[seat]?.userId);
    if (missing !== undefined) {
      const want = deal.seats[missing];
      const cur = tableState.seats[missing];
      const elsewhere = want ? seatOf(tableState, want.userId) : -1;
      throw new Error(
        `tournament deal ${deal.handNumber}: a dealt-in seat could not be taken (seat ${missing}: wants ${want?.userId ?? 'nobody'} with ${want?.stack ?? 0} chips, ` +
          `holds ${cur ? `${cur.playerId}${cur.leaveAfterHand ? ' leaving after the hand' : ''}` : 'nobody'}${elsewhere >= 0 ? `, he sits at seat ${elsewhere}` : ''}${tableState.hand ? ', the table is in a hand' : ''})`,
      );
    }
    return { plan: plan(tableState, deal) };
  }
}

/** The table transitions that make the seats match the tournament's (never a seat dealt into the running hand). */
export function seating(
  table: TableState,
  busy: ReadonlySet<number>,
  seats: readonly (TournamentSeat | null)[],
  now: number,
): Transition<TableState> {
  let state = table;
  const events: TableEvent[] = [];
  const run = (transition: Transition<TableState>) => {
    state = transition.state;
    events.push(...transition.events);
  };
  state.seats.forEach((cur, index) => {
    if (cur && !busy.has(index) && cur.playerId !== seats[index]?.userId) run(leave(state, cur.playerId, now));
  });
  seats.forEach((want, index) => {
    if (!want || index >= state.seats.length) return;
    const cur = state.seats[index];
    if (cur === null) {
      // still dealt in at his old seat (redraw): next time
      if (seatOf(state, want.userId) >= 0 || want.stack <= 0) return;
      run(
        join(state, {
          playerId: want.userId,
          name: want.name,
          isBot: want.isBot,
          seat: index,
          buyIn: want.stack,
          now,
          waitForBigBlind: false,
        }),
      );
    } else if (cur.playerId === want.userId && !busy.has(index) && cur.stack !== want.stack) {
      // The tournament's book is the truth (e.g. a hand cancelled by the crash rule returned chips).
      run({ state: withSeat(state, index, { ...cur, stack: want.stack }), events: [] });
    }
  });
  return { state, events };
}

/** Tops up (or fills) the time bank of the dealt-in seats; `setTimeBank` caps it at the clock's bank. */
export function refillTimeBanks(
  table: TableState,
  dealtIn: readonly number[],
  refill: { addMs: number; fill: boolean },
): Transition<TableState> {
  let state = table;
  for (const index of dealtIn) {
    const cur = state.seats[index];
    if (cur)
      state = setTimeBank(
        state,
        cur.playerId,
        refill.fill ? state.config.clock.timeBankMs : cur.timeBankMs + refill.addMs,
      ).state;
  }
  return { state, events: [] };
}

/** The deal the tournament decided, as the table's plan (blinds from the button like the engine's default). */
export function plan(state: TableState, deal: TournamentDeal): NextHandPlan {
  const dealt = [...deal.dealtIn].sort((a, b) => a - b);
  const after = (from: number) => dealt.find((x) => x > from) ?? dealt[0];
  const antes = GAMES[state.config.game].forcedBets === 'antes';
  const headsUp = dealt.length === 2;
  const decided = !antes && deal.bigBlind !== undefined;
  const sb = antes ? null : decided ? (deal.smallBlind ?? null) : headsUp ? deal.button : after(deal.button);
  const bb = antes ? null : decided ? deal.bigBlind! : sb === null ? null : after(sb);
  return {
    basedOnVersion: state.version,
    handNumber: deal.handNumber,
    forcedBets: antes ? 'antes' : 'blinds',
    button: deal.button,
    smallBlindSeat: sb,
    bigBlindSeat: bb,
    dealtIn: dealt.map((seat) => ({
      seat,
      playerId: state.seats[seat]!.playerId,
      stack: state.seats[seat]!.stack,
      sparks: 0,
    })),
    posts: [],
    waiting: state.seats.flatMap((x, seat) =>
      x && !dealt.includes(seat) ? [{ seat, playerId: x.playerId, reason: 'waitForButton' as const }] : [],
    ),
    missed: [],
    carryOver: state.carryOver,
    headsUp,
    freshStart: false,
    positions: { button: deal.button, smallBlind: sb, bigBlind: bb },
  };
}
