// Pre-action boxes (issue 22): while the others act, a player ticks what to do when his turn
// comes — check/fold, fold to any bet, call this amount, call any. When the server's legal actions
// arrive the choice is sent at once, only if it is still legal as chosen ("call 40" is dropped
// when the bet changed); any choice is cleared after each of his turns and at a new hand.
import { h } from '../dom';

export type PreAction =
  { kind: 'check-fold' } | { kind: 'fold' } | { kind: 'call'; amount: number } | { kind: 'call-any' };

export interface LegalLike {
  actions: string[];
  callAmount: number;
}

/** The action a pre-action asks for now, or null (not legal as chosen: the player decides). */
export function resolvePreAction(pre: PreAction, legal: LegalLike): { type: 'check' | 'fold' | 'call' } | null {
  const has = (a: string) => legal.actions.includes(a);
  switch (pre.kind) {
    case 'check-fold':
      return has('check') ? { type: 'check' } : has('fold') ? { type: 'fold' } : null;
    case 'fold':
      // "Fold to any bet": facing no bet it checks (folding a free check gives nothing away).
      return has('check') ? { type: 'check' } : has('fold') ? { type: 'fold' } : null;
    case 'call':
      if (has('check') && pre.amount === 0) return { type: 'check' };
      return has('call') && legal.callAmount === pre.amount ? { type: 'call' } : null;
    case 'call-any':
      return has('check') ? { type: 'check' } : has('call') ? { type: 'call' } : null;
  }
}

/**
 * The amount a "Call" box offers while others act: what is owed to match the bet, but never more
 * than the stack (a short stack calls all-in for less, and the server's call amount says so — a box
 * offering the full amount would never match it and never be applied).
 */
export function callBoxAmount(currentBet: number, bet: number, stack: number): number {
  return Math.min(stack, Math.max(0, currentBet - bet));
}

/**
 * The bar of boxes, built once per table page and reused by every render: the page is redrawn at
 * each action of the others, and a box drawn anew each time was often gone between the press and
 * the release of a tap (a bot acts every few dozen ms), so the tick was lost — the same element
 * stays, only its label and state change.
 */
export function createPreActionBar(choose: (pre: PreAction | null) => void): {
  update(toCall: number, callLabel: string, pre: PreAction | null): HTMLElement;
} {
  const values: PreAction[] = [{ kind: 'check-fold' }, { kind: 'call', amount: 0 }, { kind: 'call-any' }];
  const boxes = values.map((_, index) => {
    const input = h('input', { type: 'checkbox' }) as HTMLInputElement;
    const text = document.createTextNode('');
    input.addEventListener('change', () => choose(input.checked ? values[index]! : null));
    return { input, text, label: h('label', { class: 'pre' }, input, ' ', text) };
  });
  const el = h(
    'div',
    { class: 'actions pre-actions', 'data-testid': 'pre-actions' },
    boxes.map((b) => b.label),
  );
  const same = (a: PreAction | null, b: PreAction) =>
    a !== null && a.kind === b.kind && (b.kind !== 'call' || (a as { amount?: number }).amount === b.amount);
  return {
    update(toCall, callLabel, pre) {
      values[0] = toCall === 0 ? { kind: 'check-fold' } : { kind: 'fold' };
      values[1] = { kind: 'call', amount: toCall };
      const ids = [toCall === 0 ? 'check-fold' : 'fold', 'call', 'call-any'];
      const labels = [toCall === 0 ? 'Check/Fold' : 'Fold', callLabel, 'Call any'];
      boxes.forEach((box, index) => {
        box.input.dataset.testid = `pre-${ids[index]}`;
        box.text.data = labels[index]!;
        box.input.checked = same(pre, values[index]!);
      });
      return el;
    },
  };
}
