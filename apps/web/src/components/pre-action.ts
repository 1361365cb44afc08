// Pre-action boxes (issue 22): while the others act, a player ticks what to do when his turn
// comes — check/fold, fold to any bet, call this amount, call any. When the server's legal actions
// arrive the choice is sent at once, only if it is still legal as chosen ("call 40" is dropped
// when the bet changed); any choice is cleared after each of his turns and at a new hand.
export type PreAction = { kind: 'check-fold' } | { kind: 'fold' } | { kind: 'call'; amount: number } | { kind: 'call-any' };

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
