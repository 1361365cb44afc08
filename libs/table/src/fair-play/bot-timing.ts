/**
 * Bot-like timing signal (issue 26): near-constant decision times over many hands, for accounts not
 * marked BOT (house bots are disclosed and expected to be regular).
 *
 * Input: one record per betting decision, the time from the moment the player was asked to act to his
 * action in ms. The table host knows both moments (its clock starts the decision, `startDecision`);
 * a batch job can also take the difference between the stored `hand_events.created_at` of the event
 * that made it the player's turn and of his action. Decisions the clock took (timeouts) are left out:
 * an absent player times out at exactly the same delay every time and is not a bot.
 *
 * Two figures: the coefficient of variation (population standard deviation / mean) and the quartile
 * coefficient of dispersion (Q3 − Q1) / (Q3 + Q1), quartiles by nearest rank (Q1 = the ⌈n/4⌉-th
 * smallest, Q3 the ⌈3n/4⌉-th). The second is robust to a few lag spikes: a bot's times measured by the
 * server carry network and load jitter, and one stall would lift its CV above any threshold while its
 * middle half stays tight. An account is flagged when it has at least `minDecisions` decisions over
 * at least `minHands` hands and its CV is below `maxCv` or its quartile dispersion below `maxQcd`.
 */
import { checkNonNegativeInteger, FairPlayError } from './hands';

export interface DecisionTiming {
  userId: string;
  handId: string;
  /** Milliseconds from being asked to act to acting (≥ 0). */
  ms: number;
  /** The account is a disclosed house bot (name `BOT …`, seat `isBot`). */
  markedBot: boolean;
  /** The clock acted for the player (timeout): not his own timing. */
  timedOut?: boolean;
}

export interface BotTimingOptions {
  /** Default 200. */
  minDecisions: number;
  /** Default 50. */
  minHands: number;
  /** Flag below this coefficient of variation. Default 0.1. */
  maxCv: number;
  /** Flag below this quartile coefficient of dispersion. Default 0.05. */
  maxQcd: number;
}

export const DEFAULT_BOT_TIMING_OPTIONS: BotTimingOptions = {
  minDecisions: 200,
  minHands: 50,
  maxCv: 0.1,
  maxQcd: 0.05,
};

export interface BotTimingFinding {
  signal: 'bot-timing';
  userId: string;
  decisions: number;
  hands: number;
  meanMs: number;
  stdDevMs: number;
  cv: number;
  /** (Q3 − Q1) / (Q3 + Q1) of the decision times (0 when both quartiles are 0). */
  qcd: number;
  /** The hands the decisions come from, in first-seen order. */
  handIds: string[];
}

export function detectBotTiming(
  decisions: readonly DecisionTiming[],
  options: Partial<BotTimingOptions> = {},
): BotTimingFinding[] {
  const botTimingOptions: BotTimingOptions = { ...DEFAULT_BOT_TIMING_OPTIONS, ...options };
  checkNonNegativeInteger('minDecisions', botTimingOptions.minDecisions);
  checkNonNegativeInteger('minHands', botTimingOptions.minHands);
  for (const option of ['maxCv', 'maxQcd'] as const) {
    if (
      typeof botTimingOptions[option] !== 'number' ||
      !(botTimingOptions[option] >= 0) ||
      !Number.isFinite(botTimingOptions[option])
    )
      throw new FairPlayError(
        'INVALID_OPTIONS',
        `${option} must be a finite number ≥ 0 (got ${botTimingOptions[option]})`,
      );
  }

  const byUser = new Map<string, { times: number[]; hands: string[]; handSet: Set<string> }>();
  for (const decisionTiming of decisions) {
    if (typeof decisionTiming.ms !== 'number' || !Number.isFinite(decisionTiming.ms) || decisionTiming.ms < 0)
      throw new FairPlayError(
        'INVALID_INPUT',
        `decision time of ${decisionTiming.userId} in ${decisionTiming.handId} must be a finite number ≥ 0 (got ${decisionTiming.ms})`,
      );
    if (decisionTiming.markedBot || decisionTiming.timedOut) continue;
    const timings = byUser.get(decisionTiming.userId) ?? { times: [], hands: [], handSet: new Set<string>() };
    byUser.set(decisionTiming.userId, timings);
    timings.times.push(decisionTiming.ms);
    if (!timings.handSet.has(decisionTiming.handId)) {
      timings.handSet.add(decisionTiming.handId);
      timings.hands.push(decisionTiming.handId);
    }
  }

  const findings: BotTimingFinding[] = [];
  for (const userId of [...byUser.keys()].sort()) {
    const timings = byUser.get(userId)!;
    const count = timings.times.length;
    if (count === 0 || count < botTimingOptions.minDecisions || timings.hands.length < botTimingOptions.minHands)
      continue;
    const mean = timings.times.reduce((s, t) => s + t, 0) / count;
    if (mean === 0) continue; // CV undefined; instant actions are a client pre-action, not timing
    const stdDev = Math.sqrt(timings.times.reduce((s, t) => s + (t - mean) ** 2, 0) / count);
    const cv = stdDev / mean;
    const sorted = [...timings.times].sort((a, b) => a - b);
    const q1 = sorted[Math.ceil(count / 4) - 1];
    const q3 = sorted[Math.ceil((3 * count) / 4) - 1];
    const qcd = q1 + q3 === 0 ? 0 : (q3 - q1) / (q3 + q1);
    if (cv < botTimingOptions.maxCv || qcd < botTimingOptions.maxQcd)
      findings.push({
        signal: 'bot-timing',
        userId,
        decisions: count,
        hands: timings.hands.length,
        meanMs: mean,
        stdDevMs: stdDev,
        cv,
        qcd,
        handIds: timings.hands,
      });
  }
  return findings;
}
