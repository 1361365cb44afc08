// Which chips a stored hand event moves, so the ledger mirrors the hand as it is written:
//   forced-bet / action        stack → pot     (the amount the player put in)
//   uncalled-bet-returned      pot → stack
//   pot-awarded                pot → each winner's stack, rake → house
//   hand-cancelled             pot → stack     (the crash rule's refunds)
// Everything else (cards, streets, hand-ended, extension events) moves nothing. An extension that
// does move chips must be added here, or its hands will not settle (the audit catches that).
// Pure: no I/O, used by the hand store and unit-tested against the engine.
import type { HandEvent } from '@naiko/engine';

export type FlowKind = 'contribution' | 'award' | 'rake' | 'refund';

export interface ChipFlow {
  kind: FlowKind;
  /** Table seat index, or null for the house (rake). */
  seat: number | null;
  /** Positive: from the seat's stack into the pot. Negative: out of the pot to the seat (or house). */
  toPot: number;
}

type E<T extends string> = Extract<HandEvent, { type: T }>;

export function chipFlowsOf(event: { type: string; [k: string]: unknown }): ChipFlow[] {
  switch (event.type) {
    case 'forced-bet': {
      const forcedBet = event as unknown as E<'forced-bet'>;
      return forcedBet.amount > 0 ? [{ kind: 'contribution', seat: forcedBet.seat, toPot: forcedBet.amount }] : [];
    }
    case 'action': {
      const action = event as unknown as E<'action'>;
      return action.amount > 0 ? [{ kind: 'contribution', seat: action.seat, toPot: action.amount }] : [];
    }
    case 'uncalled-bet-returned': {
      const returned = event as unknown as E<'uncalled-bet-returned'>;
      return returned.amount > 0 ? [{ kind: 'contribution', seat: returned.seat, toPot: -returned.amount }] : [];
    }
    case 'pot-awarded': {
      const awarded = event as unknown as E<'pot-awarded'>;
      const flows: ChipFlow[] = awarded.shares
        .filter((s) => s.amount > 0)
        .map((s) => ({ kind: 'award', seat: s.seat, toPot: -s.amount }));
      if (awarded.rake > 0) flows.push({ kind: 'rake', seat: null, toPot: -awarded.rake });
      return flows;
    }
    case 'hand-cancelled': {
      const cancelled = event as unknown as E<'hand-cancelled'>;
      return cancelled.refunds
        .filter((r) => r.amount > 0)
        .map((r) => ({ kind: 'refund', seat: r.seat, toPot: -r.amount }));
    }
    default:
      return [];
  }
}

/** The event that ends a hand, and how. */
export function terminalStatus(event: { type: string }): 'completed' | 'cancelled' | null {
  if (event.type === 'hand-ended') return 'completed';
  if (event.type === 'hand-cancelled') return 'cancelled';
  return null;
}
