// What the keys re-read on demand (issue 27; installed by `installTableKeys`): own cards, the
// board, the pots, the seats, whose turn, the last announcements, the action bar, the help, the
// amount being sized. Every answer goes to the live region.
import { toggleHelp } from '../../a11y/help';
import { lastSpoken, sayNow } from '../../a11y/live-region';
import { boardText, cardsText, holeText, potText, seatSummary, yourTurnText } from '../../a11y/speech';
import { chips } from '../../format';
import { callBoxAmount } from '../pre-action';
import { afterDeadline, isExtended, timeLeftMs } from './clock';
import { seatFacts } from './seat';
import { homeView, myPlayer, nameOf, type TableContext } from './table-state';

/** The player's turn in words: his choices and his time. */
export function turnText(ctx: TableContext): string {
  const legal = ctx.hand?.view.legal;
  if (!legal) return 'Not your turn';
  const clock = ctx.hand!.clock;
  const main = clock ? Math.max(0, Math.ceil((clock.deadline - Date.now()) / 1000)) : null;
  // With extended time the extension is longer than the bank (else nothing changes): say it as such.
  return yourTurnText(legal, main, clock ? Math.ceil(afterDeadline(clock) / 1000) : 0, !!clock && isExtended(clock));
}

export function tableReaders(ctx: TableContext): Record<string, () => void> {
  const root = ctx.root;
  return {
    h: () => sayNow(holeText(ctx.yourSeat === null ? null : (myPlayer(ctx)?.cards ?? null))),
    b: () => {
      const home = homeView(ctx);
      const more = [
        home?.board2 ? `Second board: ${cardsText(home.board2)}` : '',
        home?.rabbit ? `Rabbit hunt: ${cardsText(home.rabbit)}` : '',
      ].filter(Boolean);
      sayNow([boardText(ctx.hand?.view.board ?? [], ctx.hand ? ctx.hand.view.streetName : null), ...more].join('. '));
    },
    p: () => {
      const hand = ctx.hand;
      if (!hand) return sayNow('No hand is running');
      const mine = myPlayer(ctx);
      const toCall = hand.view.legal
        ? hand.view.legal.callAmount
        : mine && !mine.folded
          ? callBoxAmount(hand.view.currentBet, mine.bet, mine.stack)
          : null;
      sayNow(
        potText(
          hand.view.pots.map((x) => x.amount),
          toCall,
        ),
      );
    },
    s: () => {
      const seatCount = ctx.table?.summary.seats ?? 0;
      const seats = Array.from({ length: seatCount }, (_, i) => seatFacts(ctx, i)).filter((f) => f.name !== null);
      sayNow(seats.length ? seats.map(seatSummary).join('. ') : 'Nobody is seated');
    },
    t: () => {
      const hand = ctx.hand;
      if (hand?.view.legal) return sayNow(turnText(ctx));
      const seat = hand?.view.toAct ?? null;
      if (seat === null || !hand) return sayNow('Nobody is acting now');
      const clock = hand.clock;
      sayNow(`Waiting for ${nameOf(ctx, seat)}${clock ? `, ${Math.ceil(timeLeftMs(clock) / 1000)} seconds` : ''}`);
    },
    l: () => sayNow(lastSpoken(3).join(' ') || 'Nothing was announced yet'),
    a: () => {
      const bar =
        root.querySelector<HTMLElement>('[data-testid="actions"]') ??
        root.querySelector<HTMLElement>('[data-testid="pre-actions"] input');
      if (bar) bar.focus();
      else sayNow('Not your turn');
    },
    '?': () => toggleHelp(),
    sized: () => {
      const slider = root.querySelector<HTMLInputElement>('[data-testid="raise-slider"]');
      if (slider) sayNow(`${slider.getAttribute('aria-label') ?? 'Amount'} ${chips(Number(slider.value))}`);
    },
  };
}
