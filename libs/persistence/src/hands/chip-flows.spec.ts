import fc from 'fast-check';
import {
  apply,
  cancelHand,
  isOver,
  randomLegalAction,
  seededRandom,
  start,
  type HandConfig,
  type HandEvent,
} from '@naiko/engine';
import { chipFlowsOf, terminalStatus } from './chip-flows';

const config = (stacks: number[]): HandConfig => ({
  variant: 'holdem',
  structure: 'no-limit',
  seats: stacks.map((stack, i) => ({ seat: i * 2, stack })),
  button: 0,
  stakes: { smallBlind: 5, bigBlind: 10 },
});

/** Stack of each seat after applying the flows of `events` to the starting stacks; and the pot left. */
function settle(
  cfg: HandConfig,
  events: readonly HandEvent[],
): { stacks: Map<number, number>; pot: number; house: number } {
  const stacks = new Map(cfg.seats.map((s) => [s.seat, s.stack]));
  let pot = 0;
  let house = 0;
  for (const handEvent of events) {
    for (const chipFlow of chipFlowsOf(handEvent)) {
      pot += chipFlow.toPot;
      if (chipFlow.seat === null) house -= chipFlow.toPot;
      else stacks.set(chipFlow.seat, stacks.get(chipFlow.seat)! - chipFlow.toPot);
    }
  }
  return { stacks, pot, house };
}

function playRandom(
  cfg: HandConfig,
  seed: number,
  maxActions: number,
): { events: HandEvent[]; state: ReturnType<typeof start>['state'] } {
  const rng = seededRandom(seed);
  let { state, events } = start(cfg, { rng });
  events = events.slice();
  for (let k = 0; k < maxActions && !isOver(state); k++) {
    const action = randomLegalAction(state, rng);
    if (!action) break;
    const applyResult = apply(state, action);
    if (!applyResult.ok) throw new Error(applyResult.error.message);
    state = applyResult.state;
    events.push(...applyResult.events);
  }
  return { events, state };
}

describe('chipFlowsOf', () => {
  it('blinds 5/10, a raise to 30 folded to: the uncalled 20 comes back and the pot of 25 goes to the raiser', () => {
    // Worked by hand: SB 5 and BB 10 go in; the button (seat 0, first to act three-handed) raises
    // to 30; both blinds fold; 20 of the 30 is uncalled, the pot is 5 + 10 + 10 = 25.
    const cfg = config([1000, 1000, 1000]);
    let { state, events } = start(cfg, { rng: seededRandom(1) });
    events = events.slice();
    for (const action of [
      { type: 'raise', seat: 0, amount: 30 },
      { type: 'fold', seat: 2 },
      { type: 'fold', seat: 4 },
    ]) {
      const applyResult = apply(state, action);
      if (!applyResult.ok) throw new Error(applyResult.error.message);
      state = applyResult.state;
      events.push(...applyResult.events);
    }
    const flows = events.flatMap((e) => chipFlowsOf(e));
    expect(flows).toEqual([
      { kind: 'contribution', seat: 2, toPot: 5 },
      { kind: 'contribution', seat: 4, toPot: 10 },
      { kind: 'contribution', seat: 0, toPot: 30 },
      { kind: 'contribution', seat: 0, toPot: -20 },
      { kind: 'award', seat: 0, toPot: -25 },
    ]);
    const { stacks, pot } = settle(cfg, events);
    expect(pot).toBe(0);
    expect([...stacks.values()]).toEqual([1015, 995, 990]);
  });

  it('chip conservation: the flows of any finished hand empty the pot and give the engine’s final stacks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 2000 }), { minLength: 2, maxLength: 9 }),
        fc.integer(),
        (stackList, seed) => {
          const cfg = config(stackList);
          const { events, state } = playRandom(cfg, seed, 500);
          expect(isOver(state)).toBe(true);
          const ended = events.find((e) => e.type === 'hand-ended') as Extract<HandEvent, { type: 'hand-ended' }>;
          const { stacks, pot, house } = settle(cfg, events);
          expect(pot).toBe(0);
          expect(house).toBe(0);
          for (const seatConfig of ended.stacks) expect(stacks.get(seatConfig.seat)).toBe(seatConfig.stack);
          expect(events.map(terminalStatus).filter(Boolean)).toEqual(['completed']);
        },
      ),
      { numRuns: 150, seed: 5 },
    );
  });

  it('the crash rule: cancelling at any point returns every stack to its starting size and empties the pot', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 20, max: 2000 }), { minLength: 2, maxLength: 9 }),
        fc.integer(),
        fc.integer({ min: 0, max: 12 }),
        (stackList, seed, cut) => {
          const cfg = config(stackList);
          const { events, state } = playRandom(cfg, seed, cut);
          fc.pre(!isOver(state));
          const cancelled = cancelHand(state);
          if (!cancelled.ok) throw new Error(cancelled.error.message);
          const all = [...events, ...cancelled.events];
          const { stacks, pot } = settle(cfg, all);
          expect(pot).toBe(0);
          for (const seatConfig of cfg.seats) expect(stacks.get(seatConfig.seat)).toBe(seatConfig.stack);
          expect(terminalStatus(cancelled.events[0])).toBe('cancelled');
        },
      ),
      { numRuns: 150, seed: 6 },
    );
  });

  it('rake goes to the house', () => {
    expect(
      chipFlowsOf({
        type: 'pot-awarded',
        pot: 0,
        amount: 100,
        rake: 5,
        eligible: [1, 3],
        shares: [{ seat: 1, amount: 95, half: 'whole' }],
      }),
    ).toEqual([
      { kind: 'award', seat: 1, toPot: -95 },
      { kind: 'rake', seat: null, toPot: -5 },
    ]);
  });

  it('cards, streets and extension events move no chips', () => {
    expect(chipFlowsOf({ type: 'board-dealt', street: 1, cards: [] })).toEqual([]);
    expect(chipFlowsOf({ type: 'x-power-used', seat: 1 })).toEqual([]);
    expect(chipFlowsOf({ type: 'action', seat: 1, action: 'check', amount: 0, to: 0, allIn: false })).toEqual([]);
  });
});
