// The pots of a finished hand as the tournament's bounty split needs them (issue 25): each pot's
// eligible players and winners' shares (pot-awarded events summed per pot: split pots, run it twice
// and double boards award one pot in several parts) and every dealt-in player's chips put in.
import type { HandEvent, HandState } from '@naiko/engine';
import type { HandPotAward } from './host-options';

export function potAwardsOf(
  state: HandState,
  log: readonly HandEvent[],
  players: ReadonlyMap<number, string>,
): HandPotAward[] {
  const who = (seat: number) => players.get(seat) ?? `seat-${seat}`;
  const committed = state.seats.map((seat, i) => ({ playerId: who(seat), amount: state.committed[i] ?? 0 }));
  const byPot = new Map<number, HandPotAward>();
  for (const event of log) {
    if (event.type !== 'pot-awarded') continue;
    let pot = byPot.get(event.pot);
    if (!pot)
      byPot.set(event.pot, (pot = { pot: event.pot, eligible: event.eligible.map(who), shares: [], committed }));
    for (const share of event.shares) {
      const id = who(share.seat);
      const mine = pot.shares.find((x) => x.playerId === id);
      if (mine) mine.amount += share.amount;
      else pot.shares.push({ playerId: id, amount: share.amount });
    }
  }
  return [...byPot.values()].sort((a, b) => a.pot - b.pot);
}
