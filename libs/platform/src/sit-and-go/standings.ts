// Eliminations after one hand (pure): who busted, their finishing places (libs/tournament: same
// hand → larger starting stack finishes higher, equal stacks share), and the winner once one
// player is left.
import { recordBusts, recordWinner, type Bust, type FinishGroup, type Standings } from '@naiko/tournament';

export interface DealtIn {
  userId: string;
  /** Stack when the hand started (before blinds and antes). */
  stack: number;
  /** Odd-chip order inside a tie (distance left of the button). */
  order: number;
}

export interface HandOutcome {
  standings: Standings;
  busted: string[];
  /** Set when this hand left one player with chips. */
  winner: string | null;
}

export function recordHandOutcome(
  before: Standings,
  dealtIn: readonly DealtIn[],
  after: ReadonlyMap<string, number>,
): HandOutcome {
  const busts: Bust[] = dealtIn
    .filter((p) => p.stack > 0 && (after.get(p.userId) ?? 0) === 0)
    .map((p) => ({ playerId: p.userId, startingStack: p.stack, order: p.order }));
  let standings = recordBusts(before, busts);
  let winner: string | null = null;
  if (standings.remaining === 1) {
    const bustedNow = new Set(busts.map((b) => b.playerId));
    const survivor = dealtIn.find((p) => !bustedNow.has(p.userId) && (after.get(p.userId) ?? 0) > 0);
    if (survivor) {
      winner = survivor.userId;
      standings = recordWinner(standings, winner);
    }
  }
  return { standings, busted: busts.map((b) => b.playerId), winner };
}

export function groupsOf(json: unknown): FinishGroup[] {
  return Array.isArray(json) ? (json as FinishGroup[]) : [];
}
