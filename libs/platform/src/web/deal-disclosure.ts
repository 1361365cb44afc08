// When a hand's secret deal seed may be disclosed (docs/rules/README.md "Fairness of the deal", issue 19.1): the
// seed proves the whole shuffle, so it may go out only once it can no longer help anyone at that table
// — when the table (or the tournament it belongs to) has closed, or 24 hours after the hand ended,
// whichever comes first — and only to a player who was dealt in (the caller checks that).

export const SEED_EMBARGO_MS = 24 * 60 * 60 * 1000;

export interface SeedDisclosure {
  disclosed: boolean;
  /** Why it may be disclosed now, or null. */
  reason: 'table-closed' | 'embargo-over' | null;
  /** When the 24-hour rule discloses it (ISO time; null while the hand has no end). */
  availableAt: string | null;
}

/** Pure: the hand's end, whether its table (or tournament) is closed, and now. */
export function seedDisclosure(hand: { endedAt: Date | null; tableClosed: boolean }, now: Date): SeedDisclosure {
  const availableAt = hand.endedAt ? new Date(hand.endedAt.getTime() + SEED_EMBARGO_MS) : null;
  if (hand.endedAt === null) return { disclosed: false, reason: null, availableAt: null }; // a running hand: never
  if (hand.tableClosed) return { disclosed: true, reason: 'table-closed', availableAt: availableAt!.toISOString() };
  if (now.getTime() >= availableAt!.getTime())
    return { disclosed: true, reason: 'embargo-over', availableAt: availableAt!.toISOString() };
  return { disclosed: false, reason: null, availableAt: availableAt!.toISOString() };
}
