/**
 * The dead-button rule at a tournament table (TDA "dead button"; the rule the cash tables and the
 * Sit & Go tables play): the big blind always moves forward. The next big blind is the first
 * player clockwise after the last big blind; the small blind falls on the last big blind's seat and
 * is dead (nobody posts it) when that player has gone; the button goes on the last small blind's
 * position, and is a dead button when nobody sits there. So no player skips the big blind when a
 * player busts or leaves, and none pays it twice. Heads-up the other player has the button and posts
 * the small blind. The first hand (no positions yet): the drawn button, the blinds the next players
 * after it.
 *
 * Pure: seats are table positions 0..size-1; the callers store the positions a deal returns and
 * pass them back for the next deal.
 */

/** Blind positions of a hand as seats (the small blind's position even when it was dead). */
export interface DeadButtonPositions {
  button: number;
  smallBlind: number;
  bigBlind: number;
}

export interface DeadButtonDeal {
  players: { seat: number; userId: string }[];
  /** May be an empty seat (dead button). */
  button: number;
  /** null: a dead small blind (nobody posts it). */
  smallBlind: number | null;
  bigBlind: number;
  /** What to pass back as `prev` for the next deal (the small blind's position even when dead). */
  positions: DeadButtonPositions;
}

/** Whether `seat` lies strictly inside the clockwise arc from `from` to `to` on `seatCount` seats. */
export function strictlyBetweenSeats(from: number, seat: number, to: number, seatCount: number): boolean {
  const clockwise = (start: number, end: number) => (((end - start) % seatCount) + seatCount) % seatCount;
  const distance = clockwise(from, seat);
  return distance > 0 && distance < (from === to ? seatCount : clockwise(from, to));
}

/**
 * The next deal by the dead-button rule. `alive`: the players to deal in (with chips, not waiting);
 * `size`: the table's seats; `prev`: the last hand's positions (null: none yet); `firstButton`: the
 * drawn button for a first hand (null: the first player). Null when fewer than two players are left.
 */
export function deadButtonDeal(
  alive: readonly { seat: number; userId: string }[],
  size: number,
  prev: DeadButtonPositions | null,
  firstButton: number | null,
): DeadButtonDeal | null {
  const players = [...alive].sort((a, b) => a.seat - b.seat);
  if (players.length < 2) return null;
  const ready = new Set(players.map((p) => p.seat));
  const nextReady = (from: number): number => players.find((p) => p.seat > from)?.seat ?? players[0].seat;
  const dealOf = (button: number, smallBlind: number | null, bigBlind: number, smallBlindPosition: number) => ({
    players,
    button,
    smallBlind,
    bigBlind,
    positions: { button, smallBlind: smallBlindPosition, bigBlind },
  });
  if (!prev) {
    const button = firstButton !== null && ready.has(firstButton) ? firstButton : nextReady(firstButton ?? -1);
    const smallBlind = players.length === 2 ? button : nextReady(button);
    return dealOf(button, smallBlind, nextReady(smallBlind), smallBlind);
  }
  const bigBlind = nextReady(prev.bigBlind);
  if (players.length === 2) {
    // Heads-up: the other player has the button and posts the small blind.
    const other = players.find((p) => p.seat !== bigBlind)!.seat;
    return dealOf(other, other, bigBlind, other);
  }
  const smallBlindPosition = prev.bigBlind;
  const smallBlind = ready.has(smallBlindPosition) && smallBlindPosition !== bigBlind ? smallBlindPosition : null;
  let button = prev.smallBlind;
  // The big blind went round past the old small blind: the button goes just before the small blind.
  if (button === bigBlind || strictlyBetweenSeats(smallBlindPosition, button, bigBlind, size))
    button = (smallBlindPosition - 1 + size) % size;
  return dealOf(button, smallBlind, bigBlind, smallBlindPosition);
}
