// The felt: in the centre the bomb-pot banner, the hand's number and street, the board (two boards,
// the run-it-twice offer and the rabbit hunt in home games), the pots as the engine computed them
// (main pot and side pots, `view.pots`) and the hand's result; around it the seats.
import { cardEl } from '../../cards';
import { h } from '../../dom';
import { chips } from '../../format';
import { seatEl } from './seat';
import { homeView, nameOf, type TableContext } from './table-state';

/** Home games on the felt: the second board, the run-it-twice offer, the rabbit hunt. */
function homeBoards(ctx: TableContext): HTMLElement[] {
  const home = homeView(ctx);
  if (!ctx.hand || !home) return [];
  const who = (seat: number) => (seat === ctx.yourSeat ? 'you' : nameOf(ctx, seat));
  const names = (seats: number[]) => seats.map(who).join(', ');
  const offer = home.runTwiceOffer;
  const waiting = offer?.order.find((x) => !offer.accepted.includes(x));
  return [
    home.board2 &&
      h(
        'div',
        { class: 'board board2', 'data-testid': 'board2', role: 'group', 'aria-label': 'Second board' },
        h('span', { class: 'board-label' }, 'Board 2 '),
        home.board2.map((c) => cardEl(c)),
      ),
    offer &&
      h(
        'div',
        { class: 'offer', 'data-testid': 'run-twice-offer' },
        `Run it twice? Asked: ${names(offer.order)}`,
        offer.accepted.length ? `; agreed: ${names(offer.accepted)}` : '',
        waiting !== undefined ? `; waiting for ${who(waiting)}` : '',
      ),
    home.rabbit &&
      h(
        'div',
        {
          class: 'rabbit',
          'data-testid': 'rabbit',
          role: 'group',
          'aria-label': 'Rabbit hunt: the cards that would have come',
        },
        h('span', { class: 'board-label' }, 'rabbit hunt '),
        home.rabbit.map((c) => cardEl(c)),
      ),
  ].filter((x): x is HTMLElement => !!x);
}

/** The main pot and the side pots (hidden once the hand is over: its pots have been awarded). */
function potsEl(ctx: TableContext): HTMLElement | null {
  const hand = ctx.hand;
  if (!hand || hand.view.phase === 'complete' || hand.view.phase === 'cancelled') return null;
  const pots = hand.view.pots;
  return h(
    'div',
    { class: 'pots', 'data-testid': 'pots' },
    pots.length <= 1
      ? h('span', { 'data-testid': 'pot' }, `Pot ${chips(pots[0]?.amount ?? 0)}`)
      : pots.map((pot, index) =>
          h(
            'span',
            { 'data-testid': index === 0 ? 'pot' : 'side-pot' },
            `${index === 0 ? 'Main pot' : `Side pot ${index}`} ${chips(pot.amount)}`,
          ),
        ),
  );
}

export function felt(ctx: TableContext, sit: (seat: number) => void): HTMLElement {
  const { hand } = ctx;
  const summary = ctx.table?.summary;
  const seatCount = summary?.seats ?? 6;
  const home = homeView(ctx);
  return h(
    'div',
    { class: 'felt', 'data-testid': 'felt' },
    h(
      'div',
      { class: 'center' },
      home?.bombPot &&
        h(
          'div',
          { class: 'bomb-pot', 'data-testid': 'bomb-pot-banner' },
          'BOMB POT',
          h(
            'span',
            { class: 'small' },
            ` everyone antes, no preflop betting${summary?.homeGame?.bombPot?.doubleBoard ? ', two boards' : ''}`,
          ),
        ),
      hand &&
        h(
          'div',
          { class: 'street', 'data-testid': 'street' },
          `Hand #${hand.handNumber} · ${hand.view.streetName}`,
          home?.runTwice && h('span', { class: 'badge run-twice', 'data-testid': 'run-twice-badge' }, 'RUN TWICE'),
        ),
      h(
        'div',
        {
          class: 'board',
          'data-testid': 'board',
          role: 'group',
          'aria-label': home?.board2 ? 'Board 1' : 'Board',
        },
        home?.board2 && h('span', { class: 'board-label' }, 'Board 1 '),
        hand?.view.board.map((c) => cardEl(c)),
      ),
      homeBoards(ctx),
      potsEl(ctx),
      ctx.result.length > 0 &&
        h(
          'div',
          { class: 'result', 'data-testid': 'hand-result' },
          ctx.result.map((r) => h('div', {}, r)),
        ),
    ),
    h(
      'div',
      { class: 'seats', role: 'list', 'aria-label': 'Seats' },
      Array.from({ length: seatCount }, (_, i) => seatEl(ctx, i, seatCount, sit)),
    ),
  );
}
