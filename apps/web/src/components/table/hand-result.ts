// The hand's result line by line, from its events: shows, wins (with the half and the board),
// returned bets, the 7-2 bounty; a new hand starts a new result and sets the blind markers.
import type { HandEventWire } from '@naiko/contracts';
import { cardSymbol } from '../../cards';
import { chips } from '../../format';
import { nameOf, type TableContext } from './table-state';

export function noteEvent(ctx: TableContext, e: HandEventWire): void {
  const name = (seat: number) => nameOf(ctx, seat);
  switch (e.type) {
    case 'hand-started':
      ctx.blinds = { sb: e.smallBlindSeat ?? null, bb: e.bigBlindSeat ?? null };
      ctx.result = [];
      break;
    case 'hand-shown':
      ctx.result.push(`${name(e.seat)} shows ${e.cards.map(cardSymbol).join(' ')}`);
      break;
    case 'pot-awarded':
      // Two boards (run it twice, a double-board bomb pot): each share says on which board it was won.
      for (const s of e.shares) {
        const notes = [s.half !== 'whole' ? s.half : '', s.board ? `board ${s.board}` : ''].filter(Boolean);
        ctx.result.push(`${name(s.seat)} wins ${chips(s.amount)}${notes.length ? ` (${notes.join(', ')})` : ''}`);
      }
      break;
    case 'x-winner-shows':
      if (!e.show) ctx.result.push(`${name(e.seat)} wins without showing`);
      break;
    case 'x-seven-deuce-bounty': {
      const paid = e.paid.filter((x) => x.amount > 0).map((x) => `${chips(x.amount)} from ${name(x.seat)}`);
      ctx.result.push(
        `${name(e.seat)} collects the 7-2 bounty: ${chips(e.amount)}${paid.length ? ` (${paid.join(', ')})` : ''}`,
      );
      break;
    }
    case 'uncalled-bet-returned':
      ctx.result.push(`${chips(e.amount)} returned to ${name(e.seat)}`);
      break;
    case 'hand-cancelled':
      ctx.result.push('Hand cancelled: every contribution returned');
      break;
  }
}
