// Naiko mode: the power buttons (one per power of the hand's carousel, enabled only when the engine
// lists it as legal now, `legal.extensions`), the anchor's target, the Seal Shield answer, and the
// panel with the carousel, the player's sparks, his own peek and swap, anchors and the shield window.
import type { LegalActions, PowerId } from '@naiko/contracts';
import { cardEl } from '../../cards';
import { h } from '../../dom';
import { clockText } from './clock';
import { nameOf, powersView, type TableContext } from './table-state';

const POWER_NAMES: Record<PowerId, string> = {
  'sneak-peek': 'Sneak Peek',
  'sleeve-swap': 'Sleeve Swap',
  'short-anchor': 'Short Anchor',
  'seal-shield': 'Seal Shield',
};

/** The powers a player activates himself (Seal Shield is an answer in the anchor's window). */
type ActivePower = Exclude<PowerId, 'seal-shield'>;

/** The power buttons: with `legal` on the player's turn, disabled (for show) while others act. */
export function naikoPowers(ctx: TableContext, legal: LegalActions | null): HTMLElement | null {
  const pv = powersView(ctx);
  if (!pv || !ctx.hand || ctx.yourSeat === null) return null;
  const ext = legal?.extensions ?? {};
  const anchorTargets = ext['short-anchor']?.targets ?? [];
  if (ctx.powerTarget === null || !anchorTargets.includes(ctx.powerTarget)) ctx.powerTarget = anchorTargets[0] ?? null;
  const swapCard = [...ctx.discard][0];
  const buttons = pv.carousel
    .filter((p): p is ActivePower => p !== 'seal-shield')
    .map((type) => {
      const info = ext[type];
      const enabled =
        !!info &&
        (type !== 'sleeve-swap' || swapCard !== undefined) &&
        (type !== 'short-anchor' || ctx.powerTarget !== null);
      return h(
        'button',
        {
          'data-testid': `power-${type}`,
          disabled: !enabled,
          title: info ? `costs ${info.cost} spark${info.cost === 1 ? '' : 's'}` : 'not available now',
          onclick: () =>
            ctx.act({
              type,
              ...(type === 'sleeve-swap' ? { card: swapCard } : {}),
              ...(type === 'short-anchor' && ctx.powerTarget !== null ? { target: ctx.powerTarget } : {}),
            }),
        },
        POWER_NAMES[type],
      );
    });
  return h(
    'div',
    { class: 'powers', 'data-testid': 'powers' },
    buttons,
    anchorTargets.length > 0 &&
      h(
        'label',
        {},
        ' anchor ',
        h(
          'select',
          {
            'data-testid': 'power-target',
            onchange: (e: Event) => (ctx.powerTarget = Number((e.target as HTMLSelectElement).value)),
          },
          anchorTargets.map((t) =>
            h('option', { value: t, ...(t === ctx.powerTarget ? { selected: true } : {}) }, nameOf(ctx, t)),
          ),
        ),
      ),
    legal?.actions.includes('shield') &&
      h(
        'button',
        { 'data-testid': 'power-shield', class: 'primary', onclick: () => ctx.act({ type: 'shield' }) },
        'Seal Shield',
      ),
    legal?.actions.includes('decline') &&
      h('button', { 'data-testid': 'power-decline', onclick: () => ctx.act({ type: 'decline' }) }, 'Decline'),
  );
}

/** The Naiko panel: carousel, activations left, the player's sparks, peek and swap, anchors, the shield window. */
export function naikoInfo(ctx: TableContext): HTMLElement | null {
  const pv = powersView(ctx);
  if (!pv) return null;
  const mine = pv.sparks.find((x) => x.seat === ctx.yourSeat);
  const shieldWindow = pv.window;
  const clock = ctx.hand?.clock;
  return h(
    'div',
    { class: 'naiko', 'data-testid': 'naiko-panel' },
    h(
      'div',
      { 'data-testid': 'carousel' },
      'Carousel: ',
      pv.carousel.map((p) => h('span', { class: 'badge naiko' }, POWER_NAMES[p] ?? p)),
      ` · ${pv.activationsLeft} activation(s) left this round`,
    ),
    mine && h('div', { 'data-testid': 'sparks' }, 'Your sparks: ', h('strong', {}, '✦'.repeat(mine.sparks) || '0')),
    pv.peek && h('div', { 'data-testid': 'peek' }, 'Your Sneak Peek (next street): ', cardEl(pv.peek.card)),
    pv.discarded !== null && h('div', { 'data-testid': 'swap-discard' }, 'You swapped away ', cardEl(pv.discarded)),
    pv.anchored.length > 0 && h('div', {}, 'Anchored: ', pv.anchored.map((seat) => nameOf(ctx, seat)).join(', ')),
    shieldWindow &&
      h(
        'div',
        { 'data-testid': 'shield-window', class: 'shield' },
        `${nameOf(ctx, shieldWindow.attacker)} anchors ${nameOf(ctx, shieldWindow.target)} — Seal Shield window `,
        clock?.kind === 'shield' && h('span', { 'data-testid': 'shield-countdown' }, clockText(clock)),
      ),
  );
}
