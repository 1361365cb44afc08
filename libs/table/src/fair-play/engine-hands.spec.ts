// The fair-play input types fed from real engine hands played by the house bots (the shape a stored
// hand has: the `players` column and the JSON of each event), and the honest-bots control: bots that
// play their own cards raise no chip-dump or soft-play finding at the default thresholds.
import { apply, isOver, start, view, type HandEvent } from '@naiko/engine';
import { decideBotAction, type BotDecision, type BotView } from '../bots/policy';
import type { RandomSource } from '@naiko/engine';
import { toBotView, toHandConfig } from '../engine-adapter';
import { finishHand, startHand } from '../hand';
import { planNextHand } from '../plan';
import { reload } from '../seating';
import { nlConfig, rng, tableWith } from '../spec-helpers';
import type { TableState } from '../state';
import { detectChipDumping } from './chip-dump';
import { netBySeat, replayHand, type FairPlayHand } from './hands';
import { detectSoftPlay } from './soft-play';

type Policy = (playerId: string, view: BotView, rng: RandomSource) => BotDecision;
const honestBots: Policy = (_id, v, r) => decideBotAction(v, r);

function playSession(
  hands: number,
  policy: Policy = honestBots,
  observe: (livePlayers: string[]) => void = () => {},
): { stored: FairPlayHand[]; deltas: Map<number, number>[] } {
  const config = nlConfig();
  let tableState: TableState = tableWith([0, 1, 2, 3], { config });
  const stored: FairPlayHand[] = [];
  const deltas: Map<number, number>[] = [];
  for (let h = 1; h <= hands; h++) {
    tableState.seats.forEach((seatState) => {
      if (seatState && seatState.stack === 0)
        tableState = reload(tableState, seatState.playerId, config.buyIn.min).state;
    });
    const out = planNextHand(tableState, rng(h));
    if (!out.ok) throw new Error(out.reason);
    const started = startHand(tableState, out.plan).state;
    const st = start(toHandConfig(tableState.config, out.plan), { rng: rng(h * 7 + 1) });
    let hand = st.state;
    const events: HandEvent[] = [...st.events];
    const before = new Map(hand.seats.map((seat, i) => [seat, hand.stacks[i]] as const));
    const botRng = rng(`bots-${h}`);
    while (!isOver(hand)) {
      const seat = hand.seats[hand.toAct];
      const playerId = out.plan.dealtIn.find((x) => x.seat === seat)!.playerId;
      const folded = new Set(events.flatMap((e) => (e.type === 'action' && e.action === 'fold' ? [e.seat] : [])));
      observe(out.plan.dealtIn.filter((x) => !folded.has(x.seat)).map((x) => x.playerId));
      const botDecision = policy(playerId, toBotView(view(hand, seat), config.stakes.bigBlind)!, botRng);
      const applyResult = apply(hand, { ...botDecision, seat } as never);
      if (!applyResult.ok) throw new Error(applyResult.error.code);
      hand = applyResult.state;
      events.push(...applyResult.events);
    }
    const startStacks = new Map(out.plan.dealtIn.map((d) => [d.seat, d.stack] as const));
    deltas.push(
      new Map(
        hand.seats.map((seat, i) => [seat, hand.stacks[i] - (startStacks.get(seat) ?? before.get(seat)!)] as const),
      ),
    );
    // As HandStore keeps it: players [{ seat, userId }] and each event's JSON payload.
    stored.push({
      handId: `hand-${h}`,
      tableId: 'bots',
      players: out.plan.dealtIn.map((d) => ({ seat: d.seat, userId: d.playerId })),
      events: JSON.parse(JSON.stringify(events)),
    });
    const stacks = hand.seats.map((seat, i) => ({ seat, stack: hand.stacks[i] }));
    tableState = finishHand(started, { stacks }, h).state;
  }
  return { stored, deltas };
}

describe('fair-play input from real engine hands', () => {
  const { stored, deltas } = playSession(80);

  it("replayHand reads stored engine events: each seat's net equals its stack change (no rake)", () => {
    stored.forEach((fairPlayHand, index) => {
      expect(Object.fromEntries(netBySeat(replayHand(fairPlayHand)))).toEqual(Object.fromEntries(deltas[index]));
    });
  });

  it('control: 80 hands of honest house bots raise no chip-dump or soft-play finding at the defaults', () => {
    expect(detectChipDumping(stored)).toEqual([]);
    expect(detectSoftPlay(stored)).toEqual([]);
    // Not vacuous: the sample has heads-up decisions and folds to judge (527 and 159 with these seeds).
    expect(stored.flatMap((h) => replayHand(h).decisions.filter((d) => d.live.length === 2)).length).toBeGreaterThan(
      100,
    );
    expect(stored.flatMap((h) => replayHand(h).folds).length).toBeGreaterThan(50);
    // no bot ever folded a strong hand
    expect(detectChipDumping(stored, { minStrongFolds: 1, minDonors: 99 })).toEqual([]);
    expect(detectSoftPlay(stored, { minSample: 3, minOtherSample: 3 })).toEqual([]);
    // Why minDonors defaults to 3: at a 4-seat table one winning bot (p1) naturally takes > 95 % of two
    // other bots' net losses over 80 hands; two donors are not evidence of dumping.
    const two = detectChipDumping(stored, { minStrongFolds: 99, minDonors: 2 });
    expect(two.map((f) => (f.pattern === 'concentrated-flow' ? f.donors.length : 0))).toEqual([2]);
  });
});

/**
 * Scripted dumping: p0, p1 and p2 call p3's pre-flop raise, then fold to his bet on every street
 * whatever they hold; p3 raises and bets every time he can.
 */
const dumpTo: Policy = (id, botView) => {
  const has = (k: string) => botView.legal.includes(k);
  if (id === 'p3') {
    if (has('raise')) return { type: 'raise', amount: botView.minRaiseTo! };
    if (has('bet')) return { type: 'bet', amount: botView.minRaiseTo! };
    return has('check') ? { type: 'check' } : { type: 'call' };
  }
  if (botView.toCall === 0 && has('check')) return { type: 'check' };
  if (botView.board.length === 0 && has('call')) return { type: 'call' };
  return { type: 'fold' };
};

describe('fair-play signals on scripted dumping bots playing real engine hands', () => {
  const { stored } = playSession(150, dumpTo);

  it('finds the concentrated flow into p3 from all three donors, and strong hands folded to him', () => {
    const findings = detectChipDumping(stored);
    const flow = findings.filter((f) => f.pattern === 'concentrated-flow');
    expect(flow).toHaveLength(1);
    expect(flow[0].recipient).toBe('p3');
    expect(flow[0].pattern === 'concentrated-flow' && flow[0].donors.map((d) => d.donor)).toEqual(['p0', 'p1', 'p2']);
    const folds = findings.filter((f) => f.pattern === 'strong-folds');
    expect(folds.length).toBeGreaterThan(0);
    for (const strongFoldFinding of folds) {
      expect(strongFoldFinding.pattern === 'strong-folds' && strongFoldFinding.recipient).toBe('p3');
      expect(
        strongFoldFinding.pattern === 'strong-folds' &&
          strongFoldFinding.hands.every((h) => h.category >= 2 || h.category === -1),
      ).toBe(true);
    }
  });
});

/**
 * Scripted soft play: p0 and p1 play like the house bots, except that when they are heads-up against
 * each other they only check or call (never bet into the partner). The policy sees the opponents
 * count in its view; which opponent is left is read from the running hand.
 */
describe('fair-play signals on a scripted soft-playing pair', () => {
  it('finds the pair p0–p1 and nobody else', () => {
    let partnerHeadsUp = false;
    const softPair: Policy = (id, botView, randomSource) => {
      const botDecision = decideBotAction(botView, randomSource);
      if (
        (id === 'p0' || id === 'p1') &&
        partnerHeadsUp &&
        (botDecision.type === 'bet' || botDecision.type === 'raise')
      ) {
        return botView.legal.includes('check') ? { type: 'check' } : { type: 'call' };
      }
      return botDecision;
    };
    const { stored } = playSession(400, softPair, (live) => {
      partnerHeadsUp = live.length === 2 && live.includes('p0') && live.includes('p1');
    });
    const findings = detectSoftPlay(stored);
    expect(findings.map((f) => f.pair)).toEqual([['p0', 'p1']]);
    // 400 hands with these seeds: each of them 344 decisions against the partner, none aggressive;
    // against the others p0 bet or raised in 31 of 357, p1 in 33 of 365.
    expect(
      findings[0].sides.map((softPlaySide) => [
        softPlaySide.vsPartner.decisions,
        softPlaySide.vsPartner.aggressive,
        softPlaySide.vsOthers.decisions,
        softPlaySide.vsOthers.aggressive,
      ]),
    ).toEqual([
      [344, 0, 357, 31],
      [344, 0, 365, 33],
    ]);
  });
});
