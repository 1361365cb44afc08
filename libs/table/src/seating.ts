import { fail } from './errors';
import type { TableEvent, Transition } from './events';
import { isDealtIn, seatOf, withSeat, type SeatState, type TableState } from './state';

const isPosInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;

function open(state: TableState): void {
  if (state.closed) fail('TABLE_CLOSED', 'the table is closed');
}

/** Checks an amount against the table stakes: the resulting stack must lie in [min, max]. */
export function checkStackLimits(state: TableState, resultingStack: number): void {
  const { min, max } = state.config.buyIn;
  if (resultingStack < min) fail('BUY_IN_BELOW_MIN', `stack would be ${resultingStack}, the minimum buy-in is ${min}`);
  if (max !== null && resultingStack > max)
    fail('BUY_IN_ABOVE_MAX', `stack would be ${resultingStack}, the maximum buy-in is ${max}`);
}

/**
 * Whether a player may sit at a private table: the host, an invited player, a holder of the invite code, or a bot the
 * host allowed.
 */
export function mayJoinPrivate(state: TableState, playerId: string, isBot: boolean, inviteCode?: string): boolean {
  const privateSettings = state.config.private;
  if (!privateSettings) return true;
  if (isBot) return state.config.botsAllowed;
  return (
    privateSettings.hostId === playerId ||
    privateSettings.invited.includes(playerId) ||
    (privateSettings.inviteCode !== null && inviteCode === privateSettings.inviteCode)
  );
}

/**
 * Whether a user may watch a table (its snapshot, spectator feed and chat): every public table; a
 * private one when he may join it (host, invited, invite code), sits there, or the host allows
 * spectators. Admins are the platform's business (roles are not a table concept).
 */
export function mayWatch(state: TableState, userId: string, inviteCode?: string): boolean {
  const privateSettings = state.config.private;
  if (!privateSettings || privateSettings.spectatorsAllowed === true) return true;
  return mayJoinPrivate(state, userId, false, inviteCode) || seatOf(state, userId) >= 0;
}

export const freeSeats = (state: TableState): number[] => state.seats.flatMap((s, i) => (s === null ? [i] : []));

export interface JoinRequest {
  playerId: string;
  name: string;
  isBot?: boolean;
  /** A specific seat; the lowest free seat when omitted. */
  seat?: number;
  buyIn: number;
  now: number;
  inviteCode?: string;
  /** Blind games: wait for the big blind (default) or post one out of position. */
  waitForBigBlind?: boolean;
}

/**
 * Sits a player down with a buy-in between the table's minimum and maximum. Allowed during a hand
 * (the newcomer is dealt in from the next hand on). A seat offered to the head of the waiting list
 * is kept for him until the offer expires.
 */
export function join(state: TableState, req: JoinRequest): Transition<TableState> {
  open(state);
  const isBot = req.isBot ?? false;
  if (isBot && !state.config.botsAllowed) fail('BOTS_DISABLED', 'this table does not allow bots');
  if (!mayJoinPrivate(state, req.playerId, isBot, req.inviteCode))
    fail('NOT_INVITED', 'this private table is by invitation');
  if (seatOf(state, req.playerId) >= 0) fail('ALREADY_SEATED', `${req.playerId} already has a seat`);
  if (!isPosInt(req.buyIn)) fail('INVALID_AMOUNT', 'the buy-in must be a positive integer');
  checkStackLimits(state, req.buyIn);
  const free = freeSeats(state);
  if (free.length === 0) fail('TABLE_FULL', 'no free seat; join the waiting list');
  const offer = state.seatOffer && state.seatOffer.expiresAt > req.now ? state.seatOffer : null;
  const isOffered = offer !== null && offer.playerId === req.playerId;
  // The offered player is owed one free seat; everyone else may use only the seats beyond it.
  if (offer && !isOffered && free.length <= 1) fail('SEAT_RESERVED', 'the free seat is offered to the waiting list');
  const seat = req.seat ?? free[0];
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats.length) fail('SEAT_OUT_OF_RANGE', `no seat ${seat}`);
  if (state.seats[seat] !== null) fail('SEAT_TAKEN', `seat ${seat} is taken`);
  const player: SeatState = {
    playerId: req.playerId,
    name: req.name,
    isBot,
    stack: req.buyIn,
    sittingOut: false,
    entry: 'new',
    missedBig: false,
    missedSmall: false,
    waitForBigBlind: req.waitForBigBlind ?? true,
    sparks: 0,
    timeBankMs: state.config.clock.timeBankMs,
    connected: true,
    disconnectedAt: null,
    leaveAfterHand: false,
  };
  let next = withSeat(state, seat, player);
  next = {
    ...next,
    chipsIn: next.chipsIn + req.buyIn,
    waitingList: next.waitingList.filter((id) => id !== req.playerId),
    seatOffer: isOffered ? null : next.seatOffer,
  };
  return { state: next, events: [{ type: 'seated', seat, playerId: req.playerId, isBot, buyIn: req.buyIn }] };
}

/**
 * Adds chips to a seated player's stack (a top-up, or a rebuy after busting). Table stakes: never
 * while he is dealt into the running hand, and the new stack must lie within the buy-in range.
 */
export function reload(state: TableState, playerId: string, amount: number): Transition<TableState> {
  open(state);
  const seat = seatOf(state, playerId);
  if (seat < 0) fail('NOT_SEATED', `${playerId} has no seat`);
  if (isDealtIn(state, seat)) fail('HAND_IN_PROGRESS', 'chips can only be added between hands');
  if (!isPosInt(amount)) fail('INVALID_AMOUNT', 'the reload must be a positive integer');
  const seatState = state.seats[seat]!;
  checkStackLimits(state, seatState.stack + amount);
  const next = withSeat(state, seat, { ...seatState, stack: seatState.stack + amount });
  return {
    state: { ...next, chipsIn: next.chipsIn + amount },
    events: [{ type: 'reloaded', seat, playerId, amount, stack: seatState.stack + amount }],
  };
}

/** Frees a seat and, if someone waits, offers it to the head of the waiting list. */
function vacate(state: TableState, seat: number, now: number, reason: 'left' | 'closed'): Transition<TableState> {
  const seatState = state.seats[seat]!;
  let next = withSeat(state, seat, null);
  next = { ...next, chipsOut: next.chipsOut + seatState.stack };
  const events: TableEvent[] = [
    { type: 'cashedOut', seat, playerId: seatState.playerId, amount: seatState.stack, reason },
  ];
  const offered = offerSeat(next, now);
  return { state: offered.state, events: [...events, ...offered.events] };
}

/** Offers a free seat to the head of the waiting list when no live offer exists. */
function offerSeat(state: TableState, now: number): Transition<TableState> {
  if (state.closed || state.waitingList.length === 0) return { state, events: [] };
  if (state.seatOffer && state.seatOffer.expiresAt > now) return { state, events: [] };
  if (freeSeats(state).length === 0) return { state, events: [] };
  const [head, ...rest] = state.waitingList;
  const expiresAt = now + state.config.seatOfferMs;
  return {
    state: { ...state, waitingList: rest, seatOffer: { playerId: head, expiresAt }, version: state.version + 1 },
    events: [{ type: 'seatOffered', playerId: head, expiresAt }],
  };
}

/**
 * Cash-out: a player not in the running hand leaves at once with his stack (his sparks vanish with
 * the seat); a player dealt in is marked and cashed out when the hand ends (his hand is folded by the
 * table host like any other absent player's: the clock runs out).
 */
export function leave(state: TableState, playerId: string, now: number): Transition<TableState> {
  const seat = seatOf(state, playerId);
  if (seat < 0) fail('NOT_SEATED', `${playerId} has no seat`);
  if (isDealtIn(state, seat)) {
    const seatState = state.seats[seat]!;
    return {
      state: withSeat(state, seat, { ...seatState, leaveAfterHand: true }),
      events: [{ type: 'leavePending', seat, playerId }],
    };
  }
  return vacate(state, seat, now, 'left');
}

/** Internal: used by hand completion and closing. */
export const vacateSeat = vacate;

export function sitOut(state: TableState, playerId: string): Transition<TableState> {
  const seat = seatOf(state, playerId);
  if (seat < 0) fail('NOT_SEATED', `${playerId} has no seat`);
  const seatState = state.seats[seat]!;
  if (seatState.sittingOut) return { state, events: [] };
  return {
    state: withSeat(state, seat, { ...seatState, sittingOut: true }),
    events: [{ type: 'satOut', seat, playerId, reason: 'request' }],
  };
}

/** Back from sitting out; an owing player chooses to wait for the big blind or to post what he owes. */
export function sitIn(
  state: TableState,
  playerId: string,
  opts: { waitForBigBlind?: boolean } = {},
): Transition<TableState> {
  open(state);
  const seat = seatOf(state, playerId);
  if (seat < 0) fail('NOT_SEATED', `${playerId} has no seat`);
  const seatState = state.seats[seat]!;
  const waitForBigBlind = opts.waitForBigBlind ?? seatState.waitForBigBlind;
  return {
    state: withSeat(state, seat, { ...seatState, sittingOut: false, waitForBigBlind }),
    events: [{ type: 'satIn', seat, playerId, waitForBigBlind }],
  };
}

/** Changes a new/owing player's choice between waiting for the big blind and posting now. */
export function setWaitForBigBlind(
  state: TableState,
  playerId: string,
  waitForBigBlind: boolean,
): Transition<TableState> {
  const seat = seatOf(state, playerId);
  if (seat < 0) fail('NOT_SEATED', `${playerId} has no seat`);
  const seatState = state.seats[seat]!;
  return { state: withSeat(state, seat, { ...seatState, waitForBigBlind }), events: [] };
}

/** The waiting list is for a full table (a free seat is simply taken). */
export function joinWaitingList(
  state: TableState,
  playerId: string,
  opts: { isBot?: boolean; inviteCode?: string } = {},
): Transition<TableState> {
  open(state);
  if (!mayJoinPrivate(state, playerId, opts.isBot ?? false, opts.inviteCode))
    fail('NOT_INVITED', 'this private table is by invitation');
  if (seatOf(state, playerId) >= 0) fail('ALREADY_SEATED', `${playerId} already has a seat`);
  if (state.waitingList.includes(playerId) || state.seatOffer?.playerId === playerId)
    fail('ALREADY_WAITING', `${playerId} is already waiting`);
  const reserved = state.seatOffer ? 1 : 0;
  if (freeSeats(state).length > reserved) fail('SEAT_AVAILABLE', 'a seat is free: take it');
  const waitingList = [...state.waitingList, playerId];
  return {
    state: { ...state, waitingList, version: state.version + 1 },
    events: [{ type: 'waitingListJoined', playerId, position: waitingList.length }],
  };
}

export function leaveWaitingList(state: TableState, playerId: string, now: number): Transition<TableState> {
  if (state.seatOffer?.playerId === playerId) {
    const next = { ...state, seatOffer: null, version: state.version + 1 };
    const offered = offerSeat(next, now);
    return { state: offered.state, events: [{ type: 'waitingListLeft', playerId }, ...offered.events] };
  }
  if (!state.waitingList.includes(playerId)) fail('NOT_WAITING', `${playerId} is not on the waiting list`);
  return {
    state: { ...state, waitingList: state.waitingList.filter((id) => id !== playerId), version: state.version + 1 },
    events: [{ type: 'waitingListLeft', playerId }],
  };
}

/** Passes an expired seat offer to the next on the waiting list (call at `nextDeadline`). */
export function expireSeatOffer(state: TableState, now: number): Transition<TableState> {
  const offer = state.seatOffer;
  if (!offer || offer.expiresAt > now) return { state, events: [] };
  const next = { ...state, seatOffer: null, version: state.version + 1 };
  const offered = offerSeat(next, now);
  return { state: offered.state, events: [{ type: 'seatOfferExpired', playerId: offer.playerId }, ...offered.events] };
}

/** Stores what is left of a player's time bank after a decision (see clock.ts `timeBankAfter`). */
export function setTimeBank(state: TableState, playerId: string, timeBankMs: number): Transition<TableState> {
  const seat = seatOf(state, playerId);
  if (seat < 0) fail('NOT_SEATED', `${playerId} has no seat`);
  const seatState = state.seats[seat]!;
  const ms = Math.max(0, Math.min(state.config.clock.timeBankMs, Math.floor(timeBankMs)));
  return { state: withSeat(state, seat, { ...seatState, timeBankMs: ms }), events: [] };
}
