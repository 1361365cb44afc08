import { makeTableConfig } from './config';
import { cancelHand, finishHand, startHand } from './hand';
import { join, leave, setTimeBank } from './seating';
import { code, nlConfig, plan, playQuietHand, tableWith, withPositions } from './spec-helpers';
import { chipsAtTable } from './state';

describe('hand lifecycle', () => {
  it('a hand result must conserve chips: 3 × 1000 in, 2990 accounted for is refused', () => {
    const s0 = tableWith([0, 1, 2]);
    const tableState = startHand(s0, plan(s0)).state;
    const bad = {
      stacks: [
        { seat: 0, stack: 1500 },
        { seat: 1, stack: 500 },
        { seat: 2, stack: 990 },
      ],
    };
    expect(code(() => finishHand(tableState, bad, 0))).toBe('CHIPS_NOT_CONSERVED');
    const good = finishHand(
      tableState,
      {
        stacks: [
          { seat: 0, stack: 1500 },
          { seat: 1, stack: 500 },
          { seat: 2, stack: 1000 },
        ],
      },
      0,
    );
    expect(good.state.seats.map((x) => x?.stack)).toEqual([1500, 500, 1000, undefined, undefined, undefined]);
    expect(chipsAtTable(good.state)).toBe(3000);
  });

  it('a result must name every dealt-in seat exactly once', () => {
    const s0 = tableWith([0, 1]);
    const tableState = startHand(s0, plan(s0)).state;
    expect(code(() => finishHand(tableState, { stacks: [{ seat: 0, stack: 2000 }] }, 0))).toBe('BAD_HAND_RESULT');
    expect(
      code(() =>
        finishHand(
          tableState,
          {
            stacks: [
              { seat: 0, stack: 2000 },
              { seat: 3, stack: 0 },
            ],
          },
          0,
        ),
      ),
    ).toBe('BAD_HAND_RESULT');
  });

  it('a plan made from an older table version is refused', () => {
    const s0 = tableWith([0, 1]);
    const nextHandPlan = plan(s0);
    const moved = leave(tableWith([0, 1, 2]), 'p2', 0).state;
    expect(code(() => startHand(moved, nextHandPlan))).toBe('STALE_PLAN');
  });

  it('a player who busts becomes a spectator holding his seat', () => {
    const s0 = tableWith([0, 1]);
    const tableState = startHand(s0, plan(s0)).state;
    const transition = finishHand(
      tableState,
      {
        stacks: [
          { seat: 0, stack: 2000 },
          { seat: 1, stack: 0 },
        ],
      },
      0,
    );
    expect(transition.events).toContainEqual({ type: 'busted', seat: 1, playerId: 'p1' });
    expect(transition.state.seats[1]?.stack).toBe(0);
  });

  it('a player who asked to leave during the hand is cashed out with his final stack', () => {
    const s0 = tableWith([0, 1, 2]);
    let tableState = startHand(s0, plan(s0)).state;
    tableState = leave(tableState, 'p2', 0).state;
    const transition = finishHand(
      tableState,
      {
        stacks: [
          { seat: 0, stack: 800 },
          { seat: 1, stack: 900 },
          { seat: 2, stack: 1300 },
        ],
      },
      0,
    );
    expect(transition.events).toContainEqual({
      type: 'cashedOut',
      seat: 2,
      playerId: 'p2',
      amount: 1300,
      reason: 'left',
    });
    expect(transition.state.seats[2]).toBeNull();
    expect(transition.state.chipsIn - transition.state.chipsOut).toBe(chipsAtTable(transition.state));
  });

  it('crash rule: a cancelled hand returns every chip and undoes the deal (debts, sparks, positions)', () => {
    let s0 = withPositions(
      tableWith([0, 1, 2, 3], { established: true, config: nlConfig({ naikoMode: true }) }),
      0,
      1,
      2,
    );
    s0 = {
      ...s0,
      seats: s0.seats.map((x, i) => (x && i === 3 ? { ...x, missedBig: true, waitForBigBlind: false } : x)),
    };
    const nextHandPlan = plan(s0);
    const tableState = startHand(s0, nextHandPlan).state;
    expect(tableState.seats[0]?.sparks).toBe(1);
    expect(tableState.seats[3]?.missedBig).toBe(false);
    const transition = cancelHand(tableState, 0);
    expect(transition.state.seats[3]?.missedBig).toBe(true);
    expect(transition.state.hand).toBeNull();
    expect(transition.state.positions).toEqual(s0.positions);
    expect(transition.state.seats.map((x) => x?.stack)).toEqual(s0.seats.map((x) => x?.stack));
    expect(transition.state.seats[0]?.sparks).toBe(0);
    expect(transition.events[0]).toMatchObject({ type: 'handCancelled' });
  });
});

describe('time bank', () => {
  it('refills by the per-hand amount up to its cap: 30 s cap, 5 s per hand, 12 s left → 17 s → … → 30 s', () => {
    const config = nlConfig({
      clock: {
        decisionMs: 20_000,
        timeBankMs: 30_000,
        timeBankRefillPerHandMs: 5_000,
        drawDecisionMs: 30_000,
        shieldResponseMs: 8_000,
        reconnectWindowMs: 60_000,
      },
    });
    let tableState = setTimeBank(tableWith([0, 1], { config }), 'p0', 12_000).state;
    tableState = playQuietHand(tableState).state;
    expect(tableState.seats[0]?.timeBankMs).toBe(17_000);
    for (let i = 0; i < 4; i++) tableState = playQuietHand(tableState).state;
    expect(tableState.seats[0]?.timeBankMs).toBe(30_000);
  });
});

describe('Naiko sparks kept per seat between hands (docs/rules/naiko.de.txt §5)', () => {
  const naiko = () => nlConfig({ naikoMode: true });

  it('+1 spark when dealt in, at most 3 held', () => {
    let tableState = tableWith([0, 1], { config: naiko() });
    for (let hand = 1; hand <= 4; hand++) tableState = playQuietHand(tableState).state;
    expect(tableState.seats[0]?.sparks).toBe(3);
    expect(plan(tableState).dealtIn[0].sparks).toBe(3);
  });

  it('the table keeps what the engine reports after spending', () => {
    const s0 = tableWith([0, 1], { config: naiko() });
    const tableState = startHand(s0, plan(s0)).state;
    const transition = finishHand(
      tableState,
      {
        stacks: [
          { seat: 0, stack: 1000 },
          { seat: 1, stack: 1000 },
        ],
        sparks: [
          { seat: 0, sparks: 0 },
          { seat: 1, sparks: 1 },
        ],
      },
      0,
    );
    expect(transition.state.seats[0]?.sparks).toBe(0);
    expect(transition.state.seats[1]?.sparks).toBe(1);
    expect(
      code(() =>
        finishHand(
          tableState,
          {
            stacks: [
              { seat: 0, stack: 1000 },
              { seat: 1, stack: 1000 },
            ],
            sparks: [{ seat: 0, sparks: 4 }],
          },
          0,
        ),
      ),
    ).toBe('BAD_HAND_RESULT');
  });

  it('sparks vanish when the player leaves: sitting down again starts from 0', () => {
    let tableState = tableWith([0, 1, 2], { config: naiko() });
    tableState = playQuietHand(tableState).state;
    expect(tableState.seats[2]?.sparks).toBe(1);
    tableState = leave(tableState, 'p2', 0).state;
    expect(tableState.seats[2]).toBeNull();
    tableState = join(tableState, { playerId: 'p2', name: 'P2', seat: 2, buyIn: 1000, now: 0 }).state;
    expect(tableState.seats[2]?.sparks).toBe(0);
  });

  it('classic tables carry no sparks', () => {
    const tableState = playQuietHand(tableWith([0, 1])).state;
    expect(tableState.seats[0]?.sparks).toBe(0);
  });
});

describe('classic-draw carry-over', () => {
  const classic = () =>
    makeTableConfig({
      game: 'draw-classic',
      structure: 'no-limit',
      stakes: { smallBlind: 0, bigBlind: 2, ante: 1 },
      buyIn: { min: 20, max: 1_000_000 },
      seats: 7,
    });

  it('an undivisible remainder reported by the engine is added to the next pot', () => {
    const s0 = tableWith([0, 1, 2], { config: classic(), stack: 100 });
    const s1 = startHand(s0, plan(s0)).state;
    // Pot of 3 antes split between two equal hands: 1 each, 1 chip stays for the next deal.
    const r1 = finishHand(
      s1,
      {
        stacks: [
          { seat: 0, stack: 100 },
          { seat: 1, stack: 100 },
          { seat: 2, stack: 99 },
        ],
        carryOver: 1,
      },
      0,
    );
    expect(r1.state.carryOver).toBe(1);
    expect(chipsAtTable(r1.state)).toBe(300);
    const p2 = plan(r1.state);
    expect(p2.carryOver).toBe(1);
    const s2 = startHand(r1.state, p2).state;
    expect(s2.hand?.carryIn).toBe(1);
    expect(s2.carryOver).toBe(0);
    // The winner takes the whole pot, carry-over included: 100 + 100 + 99 + 1 = 300.
    const r2 = finishHand(
      s2,
      {
        stacks: [
          { seat: 0, stack: 103 },
          { seat: 1, stack: 99 },
          { seat: 2, stack: 98 },
        ],
      },
      0,
    );
    expect(r2.state.carryOver).toBe(0);
    expect(chipsAtTable(r2.state)).toBe(300);
  });
});
