/**
 * Soft-play signal (issue 26): two players who rarely bet into each other when they are heads-up in a
 * pot, compared with how often each bets when heads-up against anyone else.
 *
 * A *heads-up decision* of A against B is an action by A while exactly A and B are left unfolded in
 * the pot and B is not all-in (an all-in opponent cannot be bet into). It is *aggressive* when it is a
 * bet or a raise. A pair is flagged when, for both players, there are at least `minSample` decisions
 * against the partner and `minOtherSample` against others, the rate against others is at least
 * `minOtherRate` (a player passive against everybody is not soft-playing anyone), and the rate
 * against the partner is at most `maxRatio` × the rate against others.
 */
import { checkNonNegativeInteger, checkRatio, FairPlayError, replayHand, type FairPlayHand } from './hands';

export interface SoftPlayOptions {
  /** Heads-up decisions of each player against the partner. Default 20. */
  minSample: number;
  /** Heads-up decisions of each player against everyone else. Default 20. */
  minOtherSample: number;
  /** Lowest aggression rate against others that makes a low rate against the partner telling. Default 0.05:
   *  the house bots bet or raise in only 9–13 % of their heads-up decisions (engine-hands.spec.ts). */
  minOtherRate: number;
  /** Rate against the partner ≤ maxRatio × rate against others. Default 0.25. */
  maxRatio: number;
}

export const DEFAULT_SOFT_PLAY_OPTIONS: SoftPlayOptions = {
  minSample: 20,
  minOtherSample: 20,
  minOtherRate: 0.05,
  maxRatio: 0.25,
};

export interface AggressionFigures {
  decisions: number;
  aggressive: number;
  /** aggressive / decisions (0 when no decision). */
  rate: number;
}

export interface SoftPlaySide {
  userId: string;
  vsPartner: AggressionFigures;
  vsOthers: AggressionFigures;
}

export interface SoftPlayFinding {
  signal: 'soft-play';
  /** The two user ids, sorted. */
  pair: [string, string];
  sides: [SoftPlaySide, SoftPlaySide];
  /** Hands in which the two were heads-up. */
  handIds: string[];
}

const figures = (decisions: number, aggressive: number): AggressionFigures => ({
  decisions,
  aggressive,
  rate: decisions === 0 ? 0 : aggressive / decisions,
});

export function detectSoftPlay(
  hands: readonly FairPlayHand[],
  options: Partial<SoftPlayOptions> = {},
): SoftPlayFinding[] {
  const softPlayOptions: SoftPlayOptions = { ...DEFAULT_SOFT_PLAY_OPTIONS, ...options };
  checkNonNegativeInteger('minSample', softPlayOptions.minSample);
  checkNonNegativeInteger('minOtherSample', softPlayOptions.minOtherSample);
  checkRatio('minOtherRate', softPlayOptions.minOtherRate);
  if (
    typeof softPlayOptions.maxRatio !== 'number' ||
    !(softPlayOptions.maxRatio >= 0) ||
    !Number.isFinite(softPlayOptions.maxRatio)
  ) {
    throw new FairPlayError(
      'INVALID_OPTIONS',
      `maxRatio must be a finite number ≥ 0 (got ${softPlayOptions.maxRatio})`,
    );
  }

  // actor → opponent → [decisions, aggressive]
  const counts = new Map<string, Map<string, [number, number]>>();
  const pairHands = new Map<string, string[]>();
  const key = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  for (const hand of hands) {
    const replayedHand = replayHand(hand);
    for (const decisionRecord of replayedHand.decisions) {
      if (decisionRecord.live.length !== 2) continue;
      const oppSeat = decisionRecord.live[0] === decisionRecord.seat ? decisionRecord.live[1] : decisionRecord.live[0];
      if (decisionRecord.allIn.includes(oppSeat)) continue;
      const actor = replayedHand.userOf.get(decisionRecord.seat)!;
      const opp = replayedHand.userOf.get(oppSeat)!;
      const row = counts.get(actor) ?? new Map<string, [number, number]>();
      counts.set(actor, row);
      const tally = row.get(opp) ?? [0, 0];
      row.set(opp, tally);
      tally[0] += 1;
      if (decisionRecord.action === 'bet' || decisionRecord.action === 'raise') tally[1] += 1;
      const list = pairHands.get(key(actor, opp)) ?? [];
      pairHands.set(key(actor, opp), list);
      if (list[list.length - 1] !== replayedHand.handId) list.push(replayedHand.handId);
    }
  }

  const side = (actor: string, partner: string): SoftPlaySide => {
    const row = counts.get(actor) ?? new Map<string, [number, number]>();
    const [pd, pa] = row.get(partner) ?? [0, 0];
    let od = 0;
    let oa = 0;
    for (const [opp, [decisions, aggressive]] of row) {
      if (opp === partner) continue;
      od += decisions;
      oa += aggressive;
    }
    return { userId: actor, vsPartner: figures(pd, pa), vsOthers: figures(od, oa) };
  };
  const soft = (softPlaySide: SoftPlaySide) =>
    softPlaySide.vsPartner.decisions >= softPlayOptions.minSample &&
    softPlaySide.vsOthers.decisions >= softPlayOptions.minOtherSample &&
    softPlaySide.vsOthers.rate >= softPlayOptions.minOtherRate &&
    softPlaySide.vsPartner.rate <= softPlayOptions.maxRatio * softPlaySide.vsOthers.rate;

  const findings: SoftPlayFinding[] = [];
  for (const key of [...pairHands.keys()].sort()) {
    const [first, second] = key.split('\u0000') as [string, string];
    const sa = side(first, second);
    const sb = side(second, first);
    if (soft(sa) && soft(sb))
      findings.push({ signal: 'soft-play', pair: [first, second], sides: [sa, sb], handIds: pairHands.get(key)! });
  }
  return findings;
}
