// One seat on the felt: an item of the labelled list of seats, its summary in words first (for a
// screen reader), then what the eye sees: name, badges, stack, markers, cards, bet and clock.
import type { SeatInfo } from '@naiko/contracts';
import { seatSummary, type SeatFacts } from '../../a11y/speech';
import { cardEl } from '../../cards';
import { h } from '../../dom';
import { chips } from '../../format';
import { clockText } from './clock';
import { homeView, type TableContext } from './table-state';

/** The facts of one seat, for its list item and the S key. */
export function seatFacts(ctx: TableContext, seatNumber: number): SeatFacts {
  const { hand, blinds, yourSeat } = ctx;
  const info = ctx.table?.seatMap[seatNumber] ?? null;
  if (!info) return { seat: seatNumber, name: null };
  const player = hand?.view.players.find((x) => x.seat === seatNumber);
  const status: string[] = [];
  if (hand && hand.view.button === seatNumber) status.push('dealer');
  if (hand && blinds.sb === seatNumber) status.push('small blind');
  if (hand && blinds.bb === seatNumber) status.push('big blind');
  if (hand && homeView(ctx)?.straddler === seatNumber) status.push('straddle');
  if (hand?.view.toAct === seatNumber) status.push('to act');
  if (player?.folded) status.push('folded');
  if (player?.allIn) status.push('all-in');
  if (!info.connected && !info.isBot) status.push('away');
  if (info.sittingOut) status.push('sitting out');
  // Cards: ours, or whatever of another's hand is face up or shown.
  const cards = player ? (seatNumber === yourSeat ? player.cards : player.cards.filter((c) => c !== null)) : [];
  return {
    seat: seatNumber,
    name: info.name,
    you: seatNumber === yourSeat,
    bot: info.isBot,
    stack: player ? player.stack : info.stack,
    bet: player?.bet ?? 0,
    status,
    cards,
  };
}

/** Seat `i` of `n` around the oval; `sit` takes an empty seat. */
export function seatEl(
  ctx: TableContext,
  seatNumber: number,
  seatCount: number,
  sit: (seat: number) => void,
): HTMLElement {
  const { hand, blinds, yourSeat, table } = ctx;
  const info: SeatInfo | null = table?.seatMap[seatNumber] ?? null;
  const angle = (Math.PI * 2 * seatNumber) / seatCount + Math.PI / 2;
  // The seat's place on the oval; the stylesheet turns it into left/top (wide or portrait felt).
  const style = `--cx:${Math.cos(angle).toFixed(4)};--cy:${Math.sin(angle).toFixed(4)}`;
  const summary = h('span', { class: 'sr-only' }, seatSummary(seatFacts(ctx, seatNumber)));
  if (!info) {
    return h(
      'div',
      { class: 'seat empty', role: 'listitem', style, 'data-testid': `seat-${seatNumber}` },
      summary,
      // Only once the table is known: before its snapshot the felt shows placeholder seats, and a
      // "Sit here" there would do nothing (the buy-in comes from the table's summary).
      table &&
        yourSeat === null &&
        !table.summary.closed &&
        table.summary.tournamentId === undefined &&
        table.summary.sitAndGoId === undefined
        ? h(
            'button',
            {
              'data-testid': `sit-${seatNumber}`,
              'aria-label': `Sit here, seat ${seatNumber + 1}`,
              onclick: () => sit(seatNumber),
            },
            'Sit here',
          )
        : h('span', { class: 'muted', 'aria-hidden': 'true' }, 'empty'),
    );
  }
  const player = hand?.view.players.find((x) => x.seat === seatNumber);
  const toAct = hand?.view.toAct === seatNumber;
  // Nothing by colour alone: to act, folded and your own seat are also said in text.
  return h(
    'div',
    {
      class: `seat${toAct ? ' to-act' : ''}${player?.folded ? ' folded' : ''}${seatNumber === yourSeat ? ' mine' : ''}`,
      role: 'listitem',
      style,
      'data-testid': `seat-${seatNumber}`,
    },
    summary,
    h(
      'div',
      { 'aria-hidden': 'true' },
      h(
        'div',
        { class: 'name' },
        info.name,
        seatNumber === yourSeat && h('span', { class: 'you' }, ' (you)'),
        info.isBot && h('span', { class: 'badge bot', 'data-testid': 'bot-badge' }, 'BOT'),
        !info.connected && !info.isBot && h('span', { class: 'badge' }, 'away'),
        info.sittingOut && h('span', { class: 'badge' }, 'sitting out'),
      ),
      h('div', { class: 'stack', 'data-testid': `stack-${seatNumber}` }, chips(player ? player.stack : info.stack)),
      h(
        'div',
        { class: 'markers' },
        hand &&
          hand.view.button === seatNumber &&
          h('span', { class: 'marker dealer', 'data-testid': 'button-marker' }, 'D'),
        hand && blinds.sb === seatNumber && h('span', { class: 'marker' }, 'SB'),
        hand && blinds.bb === seatNumber && h('span', { class: 'marker' }, 'BB'),
        hand &&
          homeView(ctx)?.straddler === seatNumber &&
          h('span', { class: 'marker straddle', 'data-testid': 'straddle-marker' }, 'STR'),
        player?.allIn && h('span', { class: 'marker allin' }, 'ALL-IN'),
        toAct && h('span', { class: 'marker acting' }, '▶ to act'),
        player?.folded && h('span', { class: 'marker folded' }, 'folded'),
      ),
      player &&
        h(
          'div',
          { class: 'hole', 'data-testid': seatNumber === yourSeat ? 'own-cards' : `cards-${seatNumber}` },
          player.cards.map((c, k) => cardEl(c, { ...(player.up[k] ? { 'data-up': '1' } : {}) })),
        ),
      player && player.bet > 0 && h('div', { class: 'bet', 'data-testid': `bet-${seatNumber}` }, chips(player.bet)),
      toAct && hand?.clock && h('div', { class: 'clock', 'data-testid': 'clock' }, clockText(hand.clock)),
    ),
  );
}
