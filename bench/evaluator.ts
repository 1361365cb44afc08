/**
 * Hand-evaluator benchmark: our evaluators against `phe` (a port of HenryRLee's PokerHandEvaluator),
 * in one process, over the same pre-generated seeded random hands. Both sides are called through their
 * fastest public entry points with the cards as separate ints (phe's `lib/evaluator5` / `evaluator7`,
 * our `evalHigh5` / `evalHigh7` / `evaluateOmahaHigh`). phe has no Omaha evaluator, so its Omaha figure is
 * the usual best-of-60 (6 hole pairs x 10 board triples) of its 5-card evaluator.
 *
 *   npm run bench -- evaluator          human-readable rates and ratios
 *   npm run bench -- evaluator --json   one JSON line: {"sevenCard":{"ours","phe","ratio"},"fiveCard":...,"omaha":...}
 */
import { performance } from 'node:perf_hooks';
import { seededRandom, randomInt } from '../libs/engine/src/rng';
import * as engineEval from '../libs/engine/src/eval';

// Bound once, like phe's functions below, so neither side pays for module-object property reads per call.
const { evalHigh5, evalHigh7, evaluateHigh, evaluateOmahaHigh } = engineEval;
import { buildHighTables } from '../libs/engine/src/eval/high';

type Eval5 = (a: number, b: number, c: number, d: number, e: number) => number;
type Eval7 = (a: number, b: number, c: number, d: number, e: number, f: number, g: number) => number;
// phe ships no types; its per-size evaluators take the cards as ints with our encoding (rank*4+suit).
const phe5: Eval5 = require('phe/lib/evaluator5');
const phe7: Eval7 = require('phe/lib/evaluator7');

const SEVEN = 1_000_000;
const FIVE = 1_000_000;
const OMAHA = 100_000;
const MIN_MS = 700;
const ROUNDS = 3;

/** `count` hands of `size` distinct cards each, flattened, from a seeded partial Fisher–Yates. */
function dealHands(count: number, size: number, seed: string): Uint8Array {
  const rng = seededRandom(seed);
  const out = new Uint8Array(count * size);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let h = 0; h < count; h++) {
    for (let i = 0; i < size; i++) {
      const j = i + randomInt(rng, 52 - i);
      const t = deck[i];
      deck[i] = deck[j];
      deck[j] = t;
      out[h * size + i] = deck[i];
    }
  }
  return out;
}

let sink = 0; // consumed so the optimiser cannot drop the work

/** Evaluations per second of `pass` (one pass = `perPass` evaluations), best of ROUNDS timed stretches. */
function rate(pass: () => number, perPass: number): number {
  let best = 0;
  for (let r = 0; r < ROUNDS; r++) {
    let evals = 0;
    const t0 = performance.now();
    let t = t0;
    do {
      sink ^= pass();
      evals += perPass;
      t = performance.now();
    } while (t - t0 < MIN_MS);
    best = Math.max(best, (evals * 1000) / (t - t0));
  }
  return best;
}

function sevenOurs(h: Uint8Array): number {
  let s = 0;
  for (let j = 0; j < h.length; j += 7) s += evalHigh7(h[j], h[j + 1], h[j + 2], h[j + 3], h[j + 4], h[j + 5], h[j + 6]);
  return s;
}
function sevenPhe(h: Uint8Array): number {
  let s = 0;
  for (let j = 0; j < h.length; j += 7) s += phe7(h[j], h[j + 1], h[j + 2], h[j + 3], h[j + 4], h[j + 5], h[j + 6]);
  return s;
}
function fiveOurs(h: Uint8Array): number {
  let s = 0;
  for (let j = 0; j < h.length; j += 5) s += evalHigh5(h[j], h[j + 1], h[j + 2], h[j + 3], h[j + 4]);
  return s;
}
function fivePhe(h: Uint8Array): number {
  let s = 0;
  for (let j = 0; j < h.length; j += 5) s += phe5(h[j], h[j + 1], h[j + 2], h[j + 3], h[j + 4]);
  return s;
}

// Omaha hands: 4 hole cards then 5 board cards. Both sides read them from the same small reused arrays.
const hole: number[] = [0, 0, 0, 0];
const board: number[] = [0, 0, 0, 0, 0];
const PAIRS = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];
const TRIPLES: number[][] = [];
for (let a = 0; a < 5; a++) for (let b = a + 1; b < 5; b++) for (let c = b + 1; c < 5; c++) TRIPLES.push([a, b, c]);

function load(h: Uint8Array, j: number): void {
  hole[0] = h[j]; hole[1] = h[j + 1]; hole[2] = h[j + 2]; hole[3] = h[j + 3];
  board[0] = h[j + 4]; board[1] = h[j + 5]; board[2] = h[j + 6]; board[3] = h[j + 7]; board[4] = h[j + 8];
}
function omahaOurs(h: Uint8Array): number {
  let s = 0;
  for (let j = 0; j < h.length; j += 9) {
    load(h, j);
    s += evaluateOmahaHigh(hole, board);
  }
  return s;
}
function omahaPheBest(): number {
  let best = 1 << 30;
  for (let p = 0; p < 6; p++) {
    const x = hole[PAIRS[p][0]], y = hole[PAIRS[p][1]];
    for (let t = 0; t < 10; t++) {
      const tr = TRIPLES[t];
      const v = phe5(x, y, board[tr[0]], board[tr[1]], board[tr[2]]);
      if (v < best) best = v;
    }
  }
  return best;
}
function omahaPhe(h: Uint8Array): number {
  let s = 0;
  for (let j = 0; j < h.length; j += 9) {
    load(h, j);
    s += omahaPheBest();
  }
  return s;
}

/** Our order must be phe's reversed (phe: smaller is better) on every pair we look at. */
function checkAgreement(h7: Uint8Array, hO: Uint8Array): void {
  const n = 20_000;
  for (let i = 1; i < n; i++) {
    const a = i * 7, b = (i - 1) * 7;
    const ours = Math.sign(
      evalHigh7(h7[a], h7[a + 1], h7[a + 2], h7[a + 3], h7[a + 4], h7[a + 5], h7[a + 6]) -
        evaluateHigh(Array.from(h7.subarray(b, b + 7))),
    );
    const theirs = Math.sign(
      phe7(h7[b], h7[b + 1], h7[b + 2], h7[b + 3], h7[b + 4], h7[b + 5], h7[b + 6]) -
        phe7(h7[a], h7[a + 1], h7[a + 2], h7[a + 3], h7[a + 4], h7[a + 5], h7[a + 6]),
    );
    if (ours !== theirs) throw new Error(`7-card disagreement with phe at hand ${i}`);
  }
  let prevOurs = 0, prevPhe = 0;
  for (let i = 0; i < 5_000; i++) {
    load(hO, i * 9);
    const o = evaluateOmahaHigh(hole, board), p = omahaPheBest();
    if (i > 0 && Math.sign(o - prevOurs) !== Math.sign(prevPhe - p)) throw new Error(`Omaha disagreement with phe at hand ${i}`);
    prevOurs = o;
    prevPhe = p;
  }
}

export async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const t0 = performance.now();
  const tables = buildHighTables();
  const buildMs = performance.now() - t0;
  const tableBytes = Object.values(tables).reduce((n, a: ArrayBufferView) => n + a.byteLength, 0);

  const h7 = dealHands(SEVEN, 7, 'bench-seven');
  const h5 = dealHands(FIVE, 5, 'bench-five');
  const hO = dealHands(OMAHA, 9, 'bench-omaha');
  checkAgreement(h7, hO);

  // Alternate ours/phe inside each measurement group so neither side gets a warmer machine.
  const pair = (oursFn: () => number, pheFn: () => number, perPass: number) => {
    const ours = rate(oursFn, perPass);
    const phe = rate(pheFn, perPass);
    return { ours: Math.round(ours), phe: Math.round(phe), ratio: Math.round((ours / phe) * 100) / 100 };
  };
  const sevenCard = pair(() => sevenOurs(h7), () => sevenPhe(h7), SEVEN);
  const fiveCard = pair(() => fiveOurs(h5), () => fivePhe(h5), FIVE);
  const omaha = pair(() => omahaOurs(hO), () => omahaPhe(hO), OMAHA);

  if (json) {
    process.stdout.write(`${JSON.stringify({ sevenCard, fiveCard, omaha })}\n`);
    return;
  }
  const fmt = (n: number) => `${(n / 1e6).toFixed(2)} M/s`;
  const line = (name: string, r: typeof sevenCard) =>
    console.log(`${name.padEnd(12)} ours ${fmt(r.ours).padStart(12)}   phe ${fmt(r.phe).padStart(12)}   ratio ${r.ratio.toFixed(2)}x`);
  console.log(`tables: built in ${buildMs.toFixed(2)} ms, ${(tableBytes / 1024).toFixed(0)} KiB; heap after setup ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1)} MiB (includes the pre-generated hands)`);
  line('7-card', sevenCard);
  line('5-card', fiveCard);
  line('Omaha (4+5)', omaha);
  if (sink === 0.5) console.log(''); // never true; keeps `sink` observable
}
