/**
 * The random-play harness and the invariant checks shared by the hand machine's property tests
 * (flop, stud, draw and Naiko games). Test-only: not exported from the package, never used at runtime.
 * Each check throws (or fails an `expect`) on the first violation, so a property using it fails.
 */
import { randomInt, seededRandom, type RandomSource } from '../rng/random-source';
import { apply, legalActions } from './apply';
import { cancelHand } from './cancel';
import { replay, replayEvents } from './replay';
import { start } from './start';
import type { Action, HandConfig, HandEvent, HandState, LegalActions } from './types';
import { view } from './view';
import { viewEvents } from './view-events';

export interface RandomRun {
  states: HandState[];
  actions: Action[];
  events: HandEvent[];
  /** The events each applied action produced (`stepEvents[k]` led from `states[k]` to `states[k + 1]`). */
  stepEvents: HandEvent[][];
}

export interface RandomPlayOptions {
  /** Picks the next action; it must be legal (a refusal fails the run). */
  choose: (state: HandState, rng: RandomSource) => Action | null;
  /** Called on every state that still takes an action, before the action is chosen (it may draw from `rng`). */
  check?: (state: HandState, rng: RandomSource) => void;
  /** Whether the hand still takes actions; by default until it is complete. */
  running?: (state: HandState) => boolean;
  /** More steps than this means the hand did not terminate. */
  maxSteps: number;
}

/** Deals from the deck seeded `deck-<seed>` and plays with a source seeded `seed` until the hand stops. */
export function playRandomHand(config: HandConfig, seed: number, opts: RandomPlayOptions): RandomRun {
  const rng = seededRandom(seed);
  const started = start(config, { rng: seededRandom(`deck-${seed}`) });
  let state = started.state;
  const running = opts.running ?? ((s: HandState) => s.phase !== 'complete');
  const run: RandomRun = { states: [state], actions: [], events: started.events.slice(), stepEvents: [] };
  for (let steps = 0; running(state); steps++) {
    if (steps > opts.maxSteps) throw new Error('the hand did not terminate');
    opts.check?.(state, rng);
    const action = opts.choose(state, rng);
    if (!action) throw new Error(`nobody to act in phase ${state.phase}`);
    const result = apply(state, action);
    if (!result.ok) throw new Error(`a legal action was refused: ${JSON.stringify(action)} ${result.error.message}`);
    state = result.state;
    run.states.push(state);
    run.actions.push(action);
    run.events.push(...result.events);
    run.stepEvents.push(result.events);
  }
  return run;
}

export const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
export const chipsDealtIn = (config: HandConfig): number => sum(config.seats.map((s) => s.stack));
export const lastState = (run: RandomRun): HandState => run.states[run.states.length - 1];
export const rakeTaken = (events: readonly HandEvent[]): number =>
  events.filter((e) => e.type === 'pot-awarded').reduce((a, e) => a + (e as { rake: number }).rake, 0);

/** Every stack in every state is a non-negative integer. */
export function checkNoNegativeStack(run: RandomRun): void {
  for (const state of run.states)
    if (!state.stacks.every((x) => x >= 0 && Number.isInteger(x))) throw new Error(`negative stack ${state.stacks}`);
}

/**
 * Chip conservation for games without carry-over: while betting, stacks + chips put in = chips dealt
 * in; at the end the hand is complete and stacks + rake = chips dealt in.
 */
export function checkChipsConserved(config: HandConfig, run: RandomRun): void {
  const start0 = chipsDealtIn(config);
  checkNoNegativeStack(run);
  for (const state of run.states) {
    if (state.phase === 'betting' && sum(state.stacks) + sum(state.committed) !== start0)
      throw new Error('chips not conserved');
  }
  const last = lastState(run);
  expect(last.phase).toBe('complete');
  expect(sum(last.stacks) + rakeTaken(run.events)).toBe(start0);
}

/** The amounts a bet/raise is probed with: each side of both limits, all-in, a random size inside, and zero. */
export const betProbes = (la: LegalActions, rng: RandomSource): number[] => [
  la.minTo - 1,
  la.minTo,
  la.maxTo,
  la.maxTo + 1,
  la.allInTo,
  la.minTo + randomInt(rng, Math.max(1, la.maxTo - la.minTo + 1)),
  0,
];

/**
 * `apply` accepts exactly what `isLegal` (read from `legalActions`) allows, for every action type in
 * `types` (bets and raises at every probe amount), and a refused action leaves the state untouched.
 */
export function checkApplyAgreesWithLegalActions(
  state: HandState,
  rng: RandomSource,
  types: readonly string[],
  isLegal: (la: LegalActions, type: string, amount: number | undefined) => boolean,
): LegalActions {
  const la = legalActions(state)!;
  const before = JSON.stringify(state);
  const amounts = betProbes(la, rng);
  for (const type of types) {
    const tries = type === 'bet' || type === 'raise' ? amounts : [undefined];
    for (const amount of tries) {
      const result = apply(state, { type, seat: la.seat, amount });
      const legal = isLegal(la, type, amount);
      if (result.ok !== legal)
        throw new Error(`${type} ${amount}: apply ${result.ok} but legalActions says ${legal} (${JSON.stringify(la)})`);
    }
  }
  expect(JSON.stringify(state)).toBe(before);
  return la;
}

/**
 * At the start, the middle and the end of the hand, no seat's view (nor a spectator's) shows another
 * seat's unrevealed card or the deck, and no such card reaches that viewer's event feed in any of
 * `feedTypes`.
 */
export function checkViewPrivacy(run: RandomRun, feedTypes: readonly string[]): void {
  for (const state of [run.states[0], run.states[Math.floor(run.states.length / 2)], lastState(run)]) {
    for (const viewer of [...state.seats, 'spectator' as const]) {
      const handView = view(state, viewer);
      if (JSON.stringify(handView).includes('deck')) throw new Error('the view carries the deck');
      handView.players.forEach((view, index) => {
        view.cards.forEach((card, cardIndex) => {
          const visible = view.seat === viewer || state.shown[index] || state.holeUp[index][cardIndex];
          if (card !== (visible ? state.hole[index][cardIndex] : null))
            throw new Error(`viewer ${viewer} sees seat ${view.seat} card ${cardIndex} wrongly`);
        });
      });
      // Cards never seen by this viewer must not appear anywhere in his event feed.
      const secret = new Set<number>();
      state.seats.forEach((seat, index) => {
        if (seat !== viewer && !state.shown[index])
          state.hole[index].forEach((c, k) => !state.holeUp[index][k] && secret.add(c));
      });
      for (const event of viewEvents(run.events, viewer)) {
        if (!feedTypes.includes(event.type)) continue;
        for (const card of (event as { cards: (number | null)[] }).cards)
          if (card !== null && secret.has(card)) throw new Error(`viewer ${viewer} was sent a secret card`);
      }
    }
  }
}

/**
 * The events rebuild the state (but for the undealt rest of the deck, which they do not carry), and
 * config + the seeded deck + the actions rebuild it exactly. Returns the rebuilt-from-events result.
 */
export function checkReplays(config: HandConfig, seed: number, run: RandomRun): ReturnType<typeof replayEvents> {
  const last = lastState(run);
  const fromEvents = replayEvents(config, run.events);
  expect(fromEvents.ok).toBe(true);
  const strip = (s: HandState) => JSON.stringify({ ...s, deck: s.deck.slice(0, s.deckPos) });
  expect(strip(fromEvents.state)).toBe(strip(last));
  const again = replay(config, `deck-${seed}`, run.actions);
  expect(again.ok && JSON.stringify(again.state)).toBe(JSON.stringify(last));
  return fromEvents;
}

/**
 * Cancelling in the `pick`-th betting state (modulo their number) returns every chip to its starting
 * stack. Discards the case (fc.pre) where the forced bets alone decided the hand.
 */
export function checkCancelRestores(
  config: HandConfig,
  run: RandomRun,
  pick: number,
  pre: (ok: boolean) => void,
): void {
  const live = run.states.filter((s) => s.phase === 'betting');
  pre(live.length > 0);
  const result = cancelHand(live[pick % live.length]);
  expect(result.ok && result.state.stacks).toEqual(config.seats.map((x) => x.stack));
}
