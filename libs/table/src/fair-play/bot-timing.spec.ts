import { detectBotTiming, type DecisionTiming } from './bot-timing';
import { FairPlayError } from './hands';

const times = (userId: string, ms: number[], markedBot = false): DecisionTiming[] =>
  ms.map((t, i) => ({ userId, handId: `h${Math.floor(i / 2) + 1}`, ms: t, markedBot })); // two decisions per hand

describe('bot-like timing signal (detectBotTiming)', () => {
  it('flags near-constant decision times: 1000, 1100, 900, 1000 ms → mean 1000, σ √5000 ≈ 70.7, CV ≈ 0.0707', () => {
    const [botTimingFinding, ...rest] = detectBotTiming(times('robo', [1000, 1100, 900, 1000]), {
      minDecisions: 4,
      minHands: 2,
      maxCv: 0.1,
    });
    expect(rest).toEqual([]);
    expect(botTimingFinding).toMatchObject({
      signal: 'bot-timing',
      userId: 'robo',
      decisions: 4,
      hands: 2,
      meanMs: 1000,
      handIds: ['h1', 'h2'],
    });
    expect(botTimingFinding.stdDevMs).toBeCloseTo(Math.sqrt(5000), 9);
    expect(botTimingFinding.cv).toBeCloseTo(0.0707107, 6);
    // Thresholds are explicit: CV 0.0707 is not under 0.07; 4 decisions are under a minimum of 5; 2 hands under 3.
    expect(
      detectBotTiming(times('robo', [1000, 1100, 900, 1000]), { minDecisions: 4, minHands: 2, maxCv: 0.07 }),
    ).toEqual([]);
    expect(detectBotTiming(times('robo', [1000, 1100, 900, 1000]), { minDecisions: 5, minHands: 2 })).toEqual([]);
    expect(detectBotTiming(times('robo', [1000, 1100, 900, 1000]), { minDecisions: 4, minHands: 3 })).toEqual([]);
  });

  it('a metronome with lag spikes: 500 ms nine times and one 1500 ms stall → CV 0.5 (not under 0.1), but Q1 = Q3 = 500 → quartile dispersion 0, flagged', () => {
    const ms = [500, 500, 500, 500, 500, 500, 500, 500, 500, 1500];
    // mean 600; σ = √((9 × 100² + 900²) / 10) = √90000 = 300; CV = 0.5.
    const [botTimingFinding] = detectBotTiming(times('lagbot', ms), { minDecisions: 10, minHands: 5 });
    expect(botTimingFinding).toMatchObject({ userId: 'lagbot', meanMs: 600, stdDevMs: 300, cv: 0.5, qcd: 0 });
    // With the quartile test off (threshold 0), the CV alone does not flag it.
    expect(detectBotTiming(times('lagbot', ms), { minDecisions: 10, minHands: 5, maxQcd: 0 })).toEqual([]);
    // 1000, 1100, 900, 1000: Q1 = 900 (1st of 4), Q3 = 1000 (3rd of 4) → 100 / 1900 ≈ 0.0526, not under 0.05.
    const [steadyFinding] = detectBotTiming(times('robo', [1000, 1100, 900, 1000]), {
      minDecisions: 4,
      minHands: 2,
    });
    expect(steadyFinding.qcd).toBeCloseTo(100 / 1900, 9);
    expect(detectBotTiming(times('robo', [1000, 1100, 900, 1000]), { minDecisions: 4, minHands: 2, maxCv: 0 })).toEqual(
      [],
    );
  });

  it('leaves out accounts marked BOT and decisions the clock took', () => {
    expect(detectBotTiming(times('BOT Ada', [1000, 1000, 1000, 1000], true), { minDecisions: 4, minHands: 2 })).toEqual(
      [],
    );
    // An absent player timed out at exactly 15 s four times (CV 0 if counted); his own two decisions are below the
    // sample.
    const afk: DecisionTiming[] = [
      ...[1, 2, 3, 4].map((h) => ({ userId: 'away', handId: `h${h}`, ms: 15000, markedBot: false, timedOut: true })),
      { userId: 'away', handId: 'h5', ms: 2000, markedBot: false },
      { userId: 'away', handId: 'h6', ms: 2000, markedBot: false },
    ];
    expect(detectBotTiming(afk, { minDecisions: 4, minHands: 2 })).toEqual([]);
    expect(
      detectBotTiming(afk.map((d) => ({ ...d, timedOut: false })).slice(0, 4), { minDecisions: 4, minHands: 2 }),
    ).toHaveLength(1);
  });

  it('control: human-like spread (500, 3000, 1200, 8000 ms → CV ≈ 0.92) raises nothing', () => {
    expect(
      detectBotTiming(times('human', [500, 3000, 1200, 8000]), { minDecisions: 4, minHands: 2, maxCv: 0.1 }),
    ).toEqual([]);
    // With a CV threshold above its 0.923 it would be flagged: the figure itself is right.
    const [botTimingFinding] = detectBotTiming(times('human', [500, 3000, 1200, 8000]), {
      minDecisions: 4,
      minHands: 2,
      maxCv: 1,
    });
    expect(botTimingFinding.meanMs).toBe(3175);
    expect(botTimingFinding.cv).toBeCloseTo(Math.sqrt(8591875) / 3175, 9);
  });

  it('refuses bad input with a typed error', () => {
    expect(() => detectBotTiming([], { maxCv: -0.1 })).toThrow(FairPlayError);
    expect(() => detectBotTiming([], { maxQcd: Number.NaN })).toThrow(FairPlayError);
    expect(() => detectBotTiming([{ userId: 'x', handId: 'h', ms: -1, markedBot: false }])).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    );
  });
});
