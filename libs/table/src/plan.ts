import { GAMES } from './config';
import { bombPotDue } from './home-game';
import { randomBelow, type RandomSource } from './rng';
import { clockwise, strictlyBetween, type Positions, type SeatState, type TableState } from './state';

export interface PlannedSeat {
  seat: number;
  playerId: string;
  stack: number;
  /** Naiko mode: sparks carried into the hand, the +1 for being dealt in already added (max 3). 0 otherwise. */
  sparks: number;
}

/** A table-level forced post (same shape as the engine's): the big posted live, the small dead. */
export interface PlannedPost {
  seat: number;
  live: number;
  dead: number;
}

export type WaitReason =
  | 'sittingOut'
  | 'busted'
  /** New or owing player who chose to wait for the big blind to reach him. */
  | 'waitForBigBlind'
  /** New or owing player sitting between the button and the big blind: he must let the button pass (7-A rule 3). */
  | 'waitForButton';

export interface NextHandPlan {
  /** The table version this plan was computed from; `startHand` refuses a stale plan. */
  basedOnVersion: number;
  handNumber: number;
  forcedBets: 'blinds' | 'antes';
  /** Table seat of the button; under the dead-button rule it may be a seat nobody dealt in occupies. */
  button: number;
  /** Seat posting the small blind; null = dead small blind (nobody posts it). Always null in ante games. */
  smallBlindSeat: number | null;
  /** Seat posting the big blind; null in ante games. */
  bigBlindSeat: number | null;
  /** Players dealt in, ascending seat order, each with chips. */
  dealtIn: PlannedSeat[];
  /** New-player and missed-blind posts (never for the blinds' own seats). */
  posts: PlannedPost[];
  /** Seated players not dealt in, and why. */
  waiting: { seat: number; playerId: string; reason: WaitReason }[];
  /** Blinds missed by this deal, marked on the seats when the hand starts. */
  missed: { seat: number; playerId: string; blind: 'big' | 'small' }[];
  /** Carry-over from the previous deal added to this hand's pot (classic draw). */
  carryOver: number;
  headsUp: boolean;
  /** Fewer than two players in the rotation: everyone ready is dealt in, nobody owes anything. */
  freshStart: boolean;
  /** The blind positions this deal establishes (the small blind's position even when it is dead). */
  positions: Positions;
  /** Home games: this hand is a bomb pot (no blinds or posts; everyone antes the bomb-pot ante). */
  bombPot?: boolean;
  /** Home games: a bomb pot was due but this hand has table posts; it is dealt on the next hand without. */
  bombPotDeferred?: boolean;
}

export type PlanOutcome =
  { ok: true; plan: NextHandPlan } | { ok: false; reason: 'closed' | 'handInProgress' | 'notEnoughPlayers' };

/** Ready to be dealt in (or to be reached by the big blind): seated, chips, not sitting out, not leaving. */
export const isCandidate = (s: SeatState | null): s is SeatState =>
  s !== null && s.stack > 0 && !s.sittingOut && !s.leaveAfterHand;

/** In the rotation and owing nothing. */
export const isRegular = (s: SeatState): boolean => s.entry === 'inRotation' && !s.missedBig && !s.missedSmall;

/** Seats clockwise after `from` (exclusive), wrapping around to `from` itself last. */
function clockwiseFrom(from: number, seatCount: number): number[] {
  return Array.from({ length: seatCount }, (_, i) => (from + 1 + i) % seatCount);
}

/**
 * Decides the next deal: who is dealt in, the button, the blinds and the posts.
 *
 * Blind games use the dead-button rule ("the big blind always moves forward"): the big blind goes to
 * the first ready player clockwise after the previous big blind; the small blind falls on the previous
 * big blind's seat (dead if that player is no longer ready); the button goes to the previous small
 * blind's position (a dead button if nobody plays there). Heads-up, the button posts the small blind.
 * See README.md for every rule decision.
 */
export function planNextHand(state: TableState, rng: RandomSource): PlanOutcome {
  if (state.closed) return { ok: false, reason: 'closed' };
  if (state.hand) return { ok: false, reason: 'handInProgress' };
  const seatCount = state.seats.length;
  const seats = state.seats;
  const ready = new Set<number>();
  seats.forEach((s, i) => isCandidate(s) && ready.add(i));
  if (ready.size < 2) return { ok: false, reason: 'notEnoughPlayers' };
  const nextReady = (from: number): number => clockwiseFrom(from, seatCount).find((i) => ready.has(i))!;
  const prevReady = (from: number): number =>
    clockwiseFrom(from, seatCount)
      .reverse()
      .slice(1)
      .concat(from)
      .find((i) => ready.has(i))!;
  const game = GAMES[state.config.game];
  const naiko = state.config.naikoMode;
  const prev = state.positions;

  const dealt = new Set<number>();
  const posts: PlannedPost[] = [];
  const waiting: NextHandPlan['waiting'] = [];
  const missed: NextHandPlan['missed'] = [];
  let button: number;
  let sbPos: number | null = null;
  let sbSeat: number | null = null;
  let bb: number | null = null;
  let freshStart = false;

  if (game.forcedBets === 'antes') {
    // Everyone pays the ante, so nobody can dodge a forced bet: a newcomer plays at once.
    for (const seat of ready) dealt.add(seat);
    button = prev ? nextReady(prev.button) : [...ready][randomBelow(rng, ready.size)];
  } else {
    const regulars = [...ready].filter((i) => isRegular(seats[i]!));
    freshStart = regulars.length < 2 || prev === null || prev.bigBlind === null;
    if (freshStart) {
      // A game (re)starts: everyone ready plays and owes nothing; the big blind still moves forward.
      for (const seat of ready) dealt.add(seat);
      if (prev && prev.bigBlind !== null) {
        bb = nextReady(prev.bigBlind);
      } else {
        const first = [...ready][randomBelow(rng, ready.size)];
        bb = ready.size === 2 ? nextReady(first) : nextReady(nextReady(first));
      }
      sbPos = prevReady(bb);
      button = ready.size === 2 ? sbPos : prevReady(sbPos);
      sbSeat = sbPos;
    } else {
      const prevBB = prev!.bigBlind!;
      bb = nextReady(prevBB);
      sbPos = prevBB;
      button = prev!.smallBlind ?? prev!.button;
      // The big blind went all the way round past the old small blind: put the button on the seat
      // just before the small blind so the order stays button → small → big.
      if (button === bb || strictlyBetween(sbPos, button, bb, seatCount)) button = (sbPos - 1 + seatCount) % seatCount;
      for (const seatIndex of ready) {
        const seatState = seats[seatIndex]!;
        if (seatIndex === bb || isRegular(seatState)) {
          dealt.add(seatIndex);
          continue;
        }
        const inButtonZone = seatIndex === button || strictlyBetween(button, seatIndex, bb, seatCount);
        if (inButtonZone) {
          waiting.push({ seat: seatIndex, playerId: seatState.playerId, reason: 'waitForButton' });
        } else if (seatState.waitForBigBlind) {
          waiting.push({ seat: seatIndex, playerId: seatState.playerId, reason: 'waitForBigBlind' });
        } else {
          dealt.add(seatIndex);
          const { smallBlind: sb, bigBlind: big } = state.config.stakes;
          const owesBig = seatState.entry === 'new' || seatState.missedBig;
          const owesSmall =
            seatState.entry !== 'new' &&
            (seatState.missedSmall || (seatState.missedBig && game.postAllOnMissedBig === true));
          const live = Math.min(owesBig ? big : 0, seatState.stack);
          const dead = Math.min(owesSmall ? sb : 0, seatState.stack - live);
          if (live + dead > 0) posts.push({ seat: seatIndex, live, dead });
        }
      }
      // The small blind is live only if its seat's player is dealt in (a regular); otherwise it is dead.
      sbSeat = dealt.has(sbPos) && sbPos !== bb ? sbPos : null;
      if (dealt.size === 2) {
        // Heads-up: the button posts the small blind and the other player the big blind.
        const other = [...dealt].find((i) => i !== bb)!;
        button = other;
        sbSeat = other;
      }
    }
    // Missed blinds: seats the big blind passed, and a dead small blind on an absent player's seat.
    if (prev && prev.bigBlind !== null) {
      for (let d = 1; d < clockwise(prev.bigBlind, bb!, seatCount); d++) {
        const seatIndex = (prev.bigBlind + d) % seatCount;
        const seatState = seats[seatIndex];
        if (
          seatState &&
          !dealt.has(seatIndex) &&
          !ready.has(seatIndex) &&
          seatState.entry === 'inRotation' &&
          !seatState.missedBig
        ) {
          missed.push({ seat: seatIndex, playerId: seatState.playerId, blind: 'big' });
        }
      }
      const oldBigBlind = seats[prev.bigBlind];
      if (
        !freshStart &&
        oldBigBlind &&
        !dealt.has(prev.bigBlind) &&
        !ready.has(prev.bigBlind) &&
        oldBigBlind.entry === 'inRotation' &&
        !oldBigBlind.missedSmall
      ) {
        missed.push({ seat: prev.bigBlind, playerId: oldBigBlind.playerId, blind: 'small' });
      }
    }
  }

  seats.forEach((seatState, seatIndex) => {
    if (!seatState || dealt.has(seatIndex) || waiting.some((w) => w.seat === seatIndex)) return;
    waiting.push({
      seat: seatIndex,
      playerId: seatState.playerId,
      reason: seatState.stack === 0 ? 'busted' : 'sittingOut',
    });
  });
  waiting.sort((a, b) => a.seat - b.seat);
  const dealtIn: PlannedSeat[] = [...dealt]
    .sort((a, b) => a - b)
    .map((seatIndex) => {
      const seatState = seats[seatIndex]!;
      return {
        seat: seatIndex,
        playerId: seatState.playerId,
        stack: seatState.stack,
        sparks: naiko ? Math.min(3, seatState.sparks + 1) : 0,
      };
    });
  posts.sort((a, b) => a.seat - b.seat);
  const headsUp = dealtIn.length === 2;
  // Bomb-pot counter (home-game.ts): only on a hand of a blind game without table posts.
  const handNumber = state.handsPlayed + 1;
  const due = game.forcedBets === 'blinds' && bombPotDue(state, handNumber);
  const bomb = due && posts.length === 0;
  return {
    ok: true,
    plan: {
      basedOnVersion: state.version,
      handNumber: state.handsPlayed + 1,
      forcedBets: game.forcedBets,
      button,
      smallBlindSeat: game.forcedBets === 'blinds' ? sbSeat : null,
      bigBlindSeat: bb,
      dealtIn,
      posts,
      waiting,
      missed,
      carryOver: state.carryOver,
      headsUp,
      freshStart,
      positions: {
        button,
        smallBlind: game.forcedBets === 'blinds' ? (headsUp ? sbSeat : sbPos) : null,
        bigBlind: bb,
      },
      ...(due ? { bombPot: bomb, bombPotDeferred: !bomb } : {}),
    },
  };
}
