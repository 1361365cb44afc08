// The hand's result line by line, from its events: shows, wins (with the half and the board),
// returned bets, the 7-2 bounty; a new hand starts a new result and sets the blind markers.
import type { HandEventWire } from '@naiko/contracts';
import { cardSymbol } from '../../cards';
import { chips } from '../../format';
import { nameOf, type TableContext } from './table-state';

export function noteEvent(ctx: TableContext, event: HandEventWire): void {
  const name = (seat: number) => nameOf(ctx, seat);
  switch (event.type) {
    case 'hand-started':
      ctx.blinds = { sb: event.smallBlindSeat ?? null, bb: event.bigBlindSeat ?? null };
      ctx.result = [];
      break;
    case 'hand-shown':
      ctx.result.push(`${name(event.seat)} shows ${event.cards.map(cardSymbol).join(' ')}`);
      break;
    case 'pot-awarded':
      // Two boards (run it twice, a double-board bomb pot): each share says on which board it was won.
      for (const share of event.shares) {
        const notes = [share.half !== 'whole' ? share.half : '', share.board ? `board ${share.board}` : ''].filter(
          Boolean,
        );
        ctx.result.push(
          `${name(share.seat)} wins ${chips(share.amount)}${notes.length ? ` (${notes.join(', ')})` : ''}`,
        );
      }
      break;
    case 'x-winner-shows':
      if (!event.show) ctx.result.push(`${name(event.seat)} wins without showing`);
      break;
    case 'x-seven-deuce-bounty': {
      const paid = event.paid.filter((x) => x.amount > 0).map((x) => `${chips(x.amount)} from ${name(x.seat)}`);
      ctx.result.push(
        `${name(event.seat)} collects the 7-2 bounty: ${chips(event.amount)}${paid.length ? ` (${paid.join(', ')})` : ''}`,
      );
      break;
    }
    case 'uncalled-bet-returned':
      ctx.result.push(`${chips(event.amount)} returned to ${name(event.seat)}`);
      break;
    case 'hand-cancelled':
      ctx.result.push('Hand cancelled: every contribution returned');
      break;
  }
}
