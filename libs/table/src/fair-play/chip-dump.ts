/**
 * Chip-dump signal (issue 26): one account fed by others through play. Two patterns:
 *
 * 1. **Strong folds**: a donor folds a strong hand (made hand of `strongCategory` or better with the
 *    board at the fold, or a pocket pair of `strongPairRank` or better before the flop) after putting
 *    at least `minCommitted` chips in, in a pot the recipient wins; flagged per (donor, recipient) pair
 *    once it happened `minStrongFolds` times. Only two-hole-card hands (Hold'em, Naiko) are judged:
 *    with more hole cards the best-of-all-cards category would overstate an Omaha hand.
 * 2. **Concentrated flow**: the chips each loser lost in a hand are attributed to the winners of that
 *    hand in proportion to what they won (integer floor; a few chips of rounding are dropped). A
 *    recipient is flagged when at least `minDonors` accounts each lost him at least `minNetFlow` chips
 *    net (what they lost to him minus what he lost to them), and at least `minDonorShare` of all their
 *    net losses over the sample went to him — many accounts losing mostly to one.
 *
 * Deliberate losing in other shapes (calling off a stack with nothing) is not judged here; the flow
 * pattern catches its effect.
 */
import { evaluateHigh, highCategory, rankOf, type Card } from '@naiko/engine';
import { checkNonNegativeInteger, checkRatio, FairPlayError, netBySeat, replayHand, type FairPlayHand } from './hands';

export interface ChipDumpOptions {
  /**
   * Category index (0 high card, 1 pair, 2 two pair, … 8 straight flush) counted as strong after the flop. Default 2.
   */
  strongCategory: number;
  /**
   * Rank index (0 = deuce … 10 = queen, 12 = ace) of the lowest pocket pair counted as strong before the flop. Default
   * 10.
   */
  strongPairRank: number;
  /** Chips the donor must have put in before folding for the fold to count. Default 0. */
  minCommitted: number;
  /** Strong folds to the same recipient before a pair is flagged. Default 3. */
  minStrongFolds: number;
  /** Distinct donors needed to flag a recipient for concentrated flow. Default 3. */
  minDonors: number;
  /** Net chips each donor must have lost to the recipient. Default 1. */
  minNetFlow: number;
  /** Share of a donor's net losses that went to the recipient. Default 0.8. */
  minDonorShare: number;
}

export const DEFAULT_CHIP_DUMP_OPTIONS: ChipDumpOptions = {
  strongCategory: 2,
  strongPairRank: 10,
  minCommitted: 0,
  minStrongFolds: 3,
  minDonors: 3,
  minNetFlow: 1,
  minDonorShare: 0.8,
};

export interface StrongFoldEvidence {
  handId: string;
  holeCards: Card[];
  board: Card[];
  /** Category of the folded hand (−1 for a pre-flop pocket pair). */
  category: number;
  /** Chips the donor had put in when he folded. */
  committed: number;
  /** Chips the recipient won in that hand (net). */
  recipientWon: number;
}

export interface StrongFoldFinding {
  signal: 'chip-dump';
  pattern: 'strong-folds';
  recipient: string;
  donor: string;
  hands: StrongFoldEvidence[];
}

export interface DonorEvidence {
  donor: string;
  /** Net chips the donor lost to the recipient. */
  netToRecipient: number;
  /** All the donor's net losses (Σ over donors he lost to of the net). */
  netLostTotal: number;
  share: number;
  /** Hands in which the donor lost chips to the recipient. */
  handIds: string[];
}

export interface ConcentratedFlowFinding {
  signal: 'chip-dump';
  pattern: 'concentrated-flow';
  recipient: string;
  totalFromDonors: number;
  donors: DonorEvidence[];
}

export type ChipDumpFinding = StrongFoldFinding | ConcentratedFlowFinding;

function isStrongFold(
  hole: readonly (Card | null)[],
  board: readonly Card[],
  chipDumpOptions: ChipDumpOptions,
): number | null {
  if (hole.length !== 2 || hole.some((c) => c === null)) return null;
  const cards = hole as Card[];
  if (board.length === 0)
    return rankOf(cards[0]) === rankOf(cards[1]) && rankOf(cards[0]) >= chipDumpOptions.strongPairRank ? -1 : null;
  const all = [...cards, ...board];
  if (all.length < 5 || all.length > 7) return null;
  const category = highCategory(evaluateHigh(all)) as number;
  return category >= chipDumpOptions.strongCategory ? category : null;
}

export function detectChipDumping(
  hands: readonly FairPlayHand[],
  options: Partial<ChipDumpOptions> = {},
): ChipDumpFinding[] {
  const chipDumpOptions: ChipDumpOptions = { ...DEFAULT_CHIP_DUMP_OPTIONS, ...options };
  for (const option of [
    'strongCategory',
    'strongPairRank',
    'minCommitted',
    'minStrongFolds',
    'minDonors',
    'minNetFlow',
  ] as const)
    checkNonNegativeInteger(option, chipDumpOptions[option]);
  checkRatio('minDonorShare', chipDumpOptions.minDonorShare);
  if (chipDumpOptions.strongCategory > 8 || chipDumpOptions.strongPairRank > 12)
    throw new FairPlayError('INVALID_OPTIONS', 'strongCategory ≤ 8 and strongPairRank ≤ 12');

  const strong = new Map<string, StrongFoldFinding>(); // key donor→recipient
  const flow = new Map<string, Map<string, { chips: number; hands: string[] }>>(); // from → to
  const addFlow = (from: string, to: string, chips: number, handId: string) => {
    const row = flow.get(from) ?? new Map();
    flow.set(from, row);
    const cell = row.get(to) ?? { chips: 0, hands: [] };
    row.set(to, cell);
    cell.chips += chips;
    if (cell.hands[cell.hands.length - 1] !== handId) cell.hands.push(handId);
  };

  for (const hand of hands) {
    const replayedHand = replayHand(hand);
    const net = netBySeat(replayedHand);
    const winners = [...net].filter(([, n]) => n > 0);
    const totalGain = winners.reduce((s, [, n]) => s + n, 0);
    for (const [loserSeat, netChips] of net) {
      if (netChips >= 0) continue;
      for (const [winSeat, gain] of winners) {
        const chips = Math.floor((-netChips * gain) / totalGain);
        if (chips > 0)
          addFlow(replayedHand.userOf.get(loserSeat)!, replayedHand.userOf.get(winSeat)!, chips, replayedHand.handId);
      }
    }
    for (const foldRecord of replayedHand.folds) {
      if (foldRecord.committed < chipDumpOptions.minCommitted) continue;
      const category = isStrongFold(foldRecord.holeCards, foldRecord.board, chipDumpOptions);
      if (category === null) continue;
      for (const [winSeat, gain] of winners) {
        const donor = replayedHand.userOf.get(foldRecord.seat)!;
        const recipient = replayedHand.userOf.get(winSeat)!;
        if (donor === recipient) continue;
        const key = `${donor}\u0000${recipient}`;
        const finding = strong.get(key) ?? {
          signal: 'chip-dump',
          pattern: 'strong-folds',
          recipient,
          donor,
          hands: [],
        };
        strong.set(key, finding);
        finding.hands.push({
          handId: replayedHand.handId,
          holeCards: foldRecord.holeCards as Card[],
          board: [...foldRecord.board],
          category,
          committed: foldRecord.committed,
          recipientWon: gain,
        });
      }
    }
  }

  const findings: ChipDumpFinding[] = [...strong.values()].filter(
    (f) => f.hands.length >= chipDumpOptions.minStrongFolds,
  );

  findings.push(...concentratedFlow(flow, chipDumpOptions));
  return findings;
}

/** Chips that went from one player to another over the sample, and the hands they went in. */
export type ChipFlow = ReadonlyMap<string, ReadonlyMap<string, { chips: number; hands: readonly string[] }>>;

/**
 * The concentrated-flow pattern over a flow: recipients, sorted, each with the donors (sorted) who
 * lost him at least `minNetFlow` chips net and at least `minDonorShare` of all their net losses.
 *
 * Only pairs of players with chips between them are visited (the flow is sparse: a player meets a
 * few hundred others). Every pair of users, and each donor's total again over every user, was
 * 10^8–10^12 steps at 10,000 players: a scan held the event loop, and every table of the process,
 * for tens of seconds.
 */
export function concentratedFlow(
  flow: ChipFlow,
  options: Pick<ChipDumpOptions, 'minDonors' | 'minNetFlow' | 'minDonorShare'>,
): ConcentratedFlowFinding[] {
  const opponents = new Map<string, Set<string>>();
  const meet = (one: string, other: string) => {
    if (!opponents.has(one)) opponents.set(one, new Set());
    opponents.get(one)!.add(other);
  };
  for (const [from, row] of flow)
    for (const to of row.keys()) {
      meet(from, to);
      meet(to, from);
    }
  // Net loss of a donor to an opponent (zero for players with no chips between them).
  const netLost = (from: string, to: string) =>
    (flow.get(from)?.get(to)?.chips ?? 0) - (flow.get(to)?.get(from)?.chips ?? 0);
  const totals = new Map<string, number>();
  const netLostTotalOf = (donor: string) => {
    let total = totals.get(donor);
    if (total === undefined) {
      total = 0;
      for (const other of opponents.get(donor) ?? []) if (other !== donor) total += Math.max(0, netLost(donor, other));
      totals.set(donor, total);
    }
    return total;
  };
  const byRecipient = new Map<string, DonorEvidence[]>();
  for (const [donor, met] of opponents) {
    for (const recipient of met) {
      if (donor === recipient) continue;
      const toRecipient = netLost(donor, recipient);
      if (toRecipient < options.minNetFlow || toRecipient <= 0) continue;
      const netLostTotal = netLostTotalOf(donor);
      const share = toRecipient / netLostTotal;
      if (share < options.minDonorShare) continue;
      const donors = byRecipient.get(recipient) ?? [];
      byRecipient.set(recipient, donors);
      donors.push({
        donor,
        netToRecipient: toRecipient,
        netLostTotal,
        share,
        handIds: [...flow.get(donor)!.get(recipient)!.hands],
      });
    }
  }
  const findings: ConcentratedFlowFinding[] = [];
  for (const recipient of [...byRecipient.keys()].sort()) {
    const donors = byRecipient.get(recipient)!.sort((one, other) => (one.donor < other.donor ? -1 : 1));
    if (donors.length >= Math.max(1, options.minDonors))
      findings.push({
        signal: 'chip-dump',
        pattern: 'concentrated-flow',
        recipient,
        totalFromDonors: donors.reduce((sum, evidence) => sum + evidence.netToRecipient, 0),
        donors,
      });
  }
  return findings;
}
