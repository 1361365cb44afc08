/**
 * Hand-machine benchmark: random legal 6-max No-Limit Hold'em hands through the whole engine
 * (shuffle, blinds, every action validated by the shared validator, run-outs, side pots, showdown
 * evaluation, events), one core.
 *
 *   npm run bench -- engine                     human-readable
 * npm run bench -- engine --json one JSON line: {"holdemHandsPerSecond": N, "studHandsPerSecond": N,
 * "tripleDrawHandsPerSecond": N, ...}
 *   npm run bench -- engine --hands 1000000     play that many hands and report the heap before/after
 *                                               (run node with --expose-gc for exact heap figures)
 *
 * The policy: facing a bet, fold 20 %, call 55 %, raise 25 %; otherwise check 65 %, bet 35 %; sizes
 * uniform over the legal range (so some are all-ins). Stacks are reset every hand (100 big blinds).
 */
import { performance } from 'node:perf_hooks';
import * as engine from '../libs/engine/src';
import type { Action, HandConfig, HandState, RandomSource } from '../libs/engine/src';

// Bound once: the loop should measure the engine, not module-namespace property reads.
const { apply, legalActions, randomInt, seededRandom, start } = engine;

const SIX_MAX: HandConfig = {
  variant: 'holdem',
  structure: 'no-limit',
  seats: [0, 1, 2, 3, 4, 5].map((seat) => ({ seat, stack: 200 })),
  button: 0,
  stakes: { smallBlind: 1, bigBlind: 2 },
  showdown: 'classic',
};

/**
 * 6-max No-Limit 7-Card Stud for `studHandsPerSecond`: the same structure, policy and depth (100
 * minimum bets) as the Hold'em figure, so the two rates compare the games. Ante 1, bring-in 2, min bet 4.
 * The Fixed Limit game (ante 1, bring-in 2, 10/20, 40 big bets) is reported beside it: its hands run
 * twice as many actions (nobody is ever all-in).
 */
const STUD_SIX: HandConfig = {
  variant: 'stud7',
  structure: 'no-limit',
  seats: [0, 1, 2, 3, 4, 5].map((seat) => ({ seat, stack: 400 })),
  button: 0,
  stakes: { smallBlind: 0, bigBlind: 4, ante: 1, bringIn: 2 },
  showdown: 'classic',
};
const STUD_SIX_FL: HandConfig = {
  ...STUD_SIX,
  structure: 'fixed-limit',
  seats: [0, 1, 2, 3, 4, 5].map((seat) => ({ seat, stack: 800 })),
  stakes: { smallBlind: 0, bigBlind: 10, ante: 1, bringIn: 2, smallBet: 10, bigBet: 20 },
};

/**
 * 6-max Fixed Limit 2-7 Triple Draw for `tripleDrawHandsPerSecond` (5/10, 100 big bets): the same
 * betting policy; at each draw a player discards every card above a seven and any pair's second card.
 */
const TRIPLE_DRAW_SIX: HandConfig = {
  variant: 'draw27x3',
  structure: 'fixed-limit',
  seats: [0, 1, 2, 3, 4, 5].map((seat) => ({ seat, stack: 1000 })),
  button: 0,
  stakes: { smallBlind: 5, bigBlind: 10 },
  showdown: 'classic',
};

function drawChoice(state: HandState): Action {
  const hand = state.hole[state.toAct];
  const seen = new Set<number>();
  const discard: number[] = [];
  for (const card of hand) {
    const rank = card >> 2;
    if (rank > 5 || seen.has(rank)) discard.push(card);
    seen.add(rank);
  }
  return { type: 'draw', seat: state.seats[state.toAct], discard };
}

function choose(state: HandState, rng: RandomSource): Action {
  if (state.phase === 'draw') return drawChoice(state);
  const la = legalActions(state)!;
  const roll = randomInt(rng, 100);
  // Stud: the bring-in cannot be folded; bring in 75 %, complete 25 %. Open-pair streets offer choices.
  if (la.bringIn !== undefined)
    return roll < 75 || !la.actions.includes('bet')
      ? { type: 'bring-in', seat: la.seat }
      : { type: 'bet', seat: la.seat, amount: la.minTo };
  if (la.choices) la.maxTo = la.minTo; // open pair: keep to the small bet
  const canRaise = la.actions.includes('raise') || la.actions.includes('bet');
  if (la.actions.includes('check')) {
    if (canRaise && roll < 35)
      return {
        type: la.actions.includes('bet') ? 'bet' : 'raise',
        seat: la.seat,
        amount: la.minTo + randomInt(rng, la.maxTo - la.minTo + 1),
      };
    return { type: 'check', seat: la.seat };
  }
  if (roll < 20) return { type: 'fold', seat: la.seat };
  if (canRaise && roll >= 75)
    return { type: 'raise', seat: la.seat, amount: la.minTo + randomInt(rng, la.maxTo - la.minTo + 1) };
  return { type: 'call', seat: la.seat };
}

let sink = 0;

/** Plays `hands` hands; returns the number of actions applied. */
function playHands(hands: number, rng: RandomSource, game: HandConfig = SIX_MAX): number {
  let actions = 0;
  const configs = [0, 1, 2, 3, 4, 5].map((button) => ({ ...game, button }));
  for (let h = 0; h < hands; h++) {
    let state = start(configs[h % 6], { rng }).state;
    while (state.phase !== 'complete') {
      const applyResult = apply(state, choose(state, rng));
      if (!applyResult.ok) throw new Error(`refused: ${applyResult.error.message}`);
      state = applyResult.state;
      actions++;
    }
    sink ^= state.stacks[0];
  }
  return actions;
}

/**
 * Best of 3 stretches of at least a second of CPU time each. The rate is per second of this
 * process's CPU time (one core, single-threaded work): on a shared, loaded machine wall-clock time
 * also counts the time other processes held the core. The wall-clock rate is reported alongside.
 */
function measure(rng: RandomSource, game: HandConfig): { rate: number; wall: number; perHand: number } {
  let best = 0;
  let bestWall = 0;
  let perHand = 0;
  for (let round = 0; round < 3; round++) {
    let hands = 0;
    let actions = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    let cpu = 0;
    do {
      actions += playHands(5_000, rng, game);
      hands += 5_000;
      const cpuUsed = process.cpuUsage(c0);
      cpu = (cpuUsed.user + cpuUsed.system) / 1e6;
    } while (cpu < 1);
    const wall = (performance.now() - t0) / 1000;
    if (hands / cpu > best) {
      best = hands / cpu;
      bestWall = hands / wall;
      perHand = actions / hands;
    }
  }
  return { rate: Math.round(best), wall: Math.round(bestWall), perHand: +perHand.toFixed(2) };
}

export function main(): void {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const handsArg = args.indexOf('--hands');
  const rng = seededRandom('bench-engine');
  playHands(20_000, rng); // warm-up: let the JIT settle

  if (handsArg >= 0) {
    const hands = Number(args[handsArg + 1]);
    global.gc?.();
    const heap0 = process.memoryUsage().heapUsed;
    const c0 = process.cpuUsage();
    const actions = playHands(hands, rng);
    const cpu = process.cpuUsage(c0);
    const secs = (cpu.user + cpu.system) / 1e6;
    global.gc?.();
    const heap1 = process.memoryUsage().heapUsed;
    const out = {
      hands,
      holdemHandsPerSecond: Math.round(hands / secs),
      actionsPerHand: +(actions / hands).toFixed(2),
      heapBeforeMB: +(heap0 / 2 ** 20).toFixed(1),
      heapAfterMB: +(heap1 / 2 ** 20).toFixed(1),
    };
    console.log(json ? JSON.stringify(out) : out);
    return;
  }

  const holdem = measure(rng, SIX_MAX);
  playHands(20_000, rng, STUD_SIX); // warm-up for the stud paths
  playHands(5_000, rng, STUD_SIX_FL);
  const stud = measure(rng, STUD_SIX);
  const studFl = measure(rng, STUD_SIX_FL);
  playHands(5_000, rng, TRIPLE_DRAW_SIX); // warm-up for the draw paths
  const tripleDraw = measure(rng, TRIPLE_DRAW_SIX);
  const out = {
    holdemHandsPerSecond: holdem.rate,
    wallClockHandsPerSecond: holdem.wall,
    actionsPerHand: holdem.perHand,
    studHandsPerSecond: stud.rate,
    studActionsPerHand: stud.perHand,
    studFixedLimitHandsPerSecond: studFl.rate,
    studFixedLimitActionsPerHand: studFl.perHand,
    tripleDrawHandsPerSecond: tripleDraw.rate,
    tripleDrawActionsPerHand: tripleDraw.perHand,
  };
  if (json) console.log(JSON.stringify(out));
  else {
    console.log(
      `6-max NL Hold'em: ${out.holdemHandsPerSecond.toLocaleString('en')} hands per CPU second (target ≥ 50,000); ` +
        `${out.wallClockHandsPerSecond.toLocaleString('en')} per wall-clock second; ${out.actionsPerHand} actions per hand`,
    );
    console.log(
      `6-max NL 7-Card Stud: ${out.studHandsPerSecond.toLocaleString('en')} hands per CPU second (target ≥ half of Hold'em); ${out.studActionsPerHand} actions per hand`,
    );
    console.log(
      `6-max FL 7-Card Stud: ${out.studFixedLimitHandsPerSecond.toLocaleString('en')} hands per CPU second; ${out.studFixedLimitActionsPerHand} actions per hand`,
    );
    console.log(
      `6-max FL 2-7 Triple Draw: ${out.tripleDrawHandsPerSecond.toLocaleString('en')} hands per CPU second; ${out.tripleDrawActionsPerHand} actions per hand (draws included)`,
    );
  }
  if (sink === 0.5) console.log(sink); // keeps the results observable
}

if (require.main === module) main();
