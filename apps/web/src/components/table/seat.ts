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
export function seatFacts(ctx: TableContext, i: number): SeatFacts {
  const { hand, blinds, yourSeat } = ctx;
  const info = ctx.table?.seatMap[i] ?? null;
  if (!info) return { seat: i, name: null };
  const p = hand?.view.players.find((x) => x.seat === i);
  const status: string[] = [];
  if (hand && hand.view.button === i) status.push('dealer');
  if (hand && blinds.sb === i) status.push('small blind');
  if (hand && blinds.bb === i) status.push('big blind');
  if (hand && homeView(ctx)?.straddler === i) status.push('straddle');
  if (hand?.view.toAct === i) status.push('to act');
  if (p?.folded) status.push('folded');
  if (p?.allIn) status.push('all-in');
  if (!info.connected && !info.isBot) status.push('away');
  if (info.sittingOut) status.push('sitting out');
  // Cards: ours, or whatever of another's hand is face up or shown.
  const cards = p ? (i === yourSeat ? p.cards : p.cards.filter((c) => c !== null)) : [];
  return {
    seat: i,
    name: info.name,
    you: i === yourSeat,
    bot: info.isBot,
    stack: p ? p.stack : info.stack,
    bet: p?.bet ?? 0,
    status,
    cards,
  };
}

/** Seat `i` of `n` around the oval; `sit` takes an empty seat. */
export function seatEl(ctx: TableContext, i: number, n: number, sit: (seat: number) => void): HTMLElement {
  const { hand, blinds, yourSeat, table } = ctx;
  const info: SeatInfo | null = table?.seatMap[i] ?? null;
  const angle = (Math.PI * 2 * i) / n + Math.PI / 2;
  // The seat's place on the oval; the stylesheet turns it into left/top (wide or portrait felt).
  const style = `--cx:${Math.cos(angle).toFixed(4)};--cy:${Math.sin(angle).toFixed(4)}`;
  const summary = h('span', { class: 'sr-only' }, seatSummary(seatFacts(ctx, i)));
  if (!info) {
    return h(
      'div',
      { class: 'seat empty', role: 'listitem', style, 'data-testid': `seat-${i}` },
      summary,
      yourSeat === null &&
        !table?.summary.closed &&
        table?.summary.tournamentId === undefined &&
        table?.summary.sitAndGoId === undefined
        ? h(
            'button',
            { 'data-testid': `sit-${i}`, 'aria-label': `Sit here, seat ${i + 1}`, onclick: () => sit(i) },
            'Sit here',
          )
        : h('span', { class: 'muted', 'aria-hidden': 'true' }, 'empty'),
    );
  }
  const p = hand?.view.players.find((x) => x.seat === i);
  const toAct = hand?.view.toAct === i;
  // Nothing by colour alone: to act, folded and your own seat are also said in text.
  return h(
    'div',
    {
      class: `seat${toAct ? ' to-act' : ''}${p?.folded ? ' folded' : ''}${i === yourSeat ? ' mine' : ''}`,
      role: 'listitem',
      style,
      'data-testid': `seat-${i}`,
    },
    summary,
    h(
      'div',
      { 'aria-hidden': 'true' },
      h(
        'div',
        { class: 'name' },
        info.name,
        i === yourSeat && h('span', { class: 'you' }, ' (you)'),
        info.isBot && h('span', { class: 'badge bot', 'data-testid': 'bot-badge' }, 'BOT'),
        !info.connected && !info.isBot && h('span', { class: 'badge' }, 'away'),
        info.sittingOut && h('span', { class: 'badge' }, 'sitting out'),
      ),
      h('div', { class: 'stack', 'data-testid': `stack-${i}` }, chips(p ? p.stack : info.stack)),
      h(
        'div',
        { class: 'markers' },
        hand && hand.view.button === i && h('span', { class: 'marker dealer', 'data-testid': 'button-marker' }, 'D'),
        hand && blinds.sb === i && h('span', { class: 'marker' }, 'SB'),
        hand && blinds.bb === i && h('span', { class: 'marker' }, 'BB'),
        hand &&
          homeView(ctx)?.straddler === i &&
          h('span', { class: 'marker straddle', 'data-testid': 'straddle-marker' }, 'STR'),
        p?.allIn && h('span', { class: 'marker allin' }, 'ALL-IN'),
        toAct && h('span', { class: 'marker acting' }, '▶ to act'),
        p?.folded && h('span', { class: 'marker folded' }, 'folded'),
      ),
      p &&
        h(
          'div',
          { class: 'hole', 'data-testid': i === yourSeat ? 'own-cards' : `cards-${i}` },
          p.cards.map((c, k) => cardEl(c, { ...(p.up[k] ? { 'data-up': '1' } : {}) })),
        ),
      p && p.bet > 0 && h('div', { class: 'bet', 'data-testid': `bet-${i}` }, chips(p.bet)),
      toAct && hand?.clock && h('div', { class: 'clock', 'data-testid': 'clock' }, clockText(hand.clock)),
    ),
  );
}
