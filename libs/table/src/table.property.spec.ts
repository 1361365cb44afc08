import fc from 'fast-check';
import { makeTableConfig, type TableConfig } from './config';
import { disconnect, expireDisconnections, reconnect } from './connection';
import { TableError } from './errors';
import { cancelHand, finishHand, startHand } from './hand';
import { isCandidate, isRegular, planNextHand, type NextHandPlan } from './plan';
import { join, leave, reload, sitIn, sitOut } from './seating';
import { nlConfig, rng } from './spec-helpers';
import { chipsAtTable, clockwise, createTable, type TableState } from './state';

type Op =
  | { op: 'join'; seat: number; buyIn: number; wait: boolean }
  | { op: 'leave'; seat: number }
  | { op: 'reload'; seat: number; amount: number }
  | { op: 'sitOut'; seat: number }
  | { op: 'sitIn'; seat: number; wait: boolean }
  | { op: 'disconnect'; seat: number }
  | { op: 'reconnect'; seat: number }
  | { op: 'hand'; weights: number[]; carry: number; cancel: boolean; leaveSeat: number };

const opArb = (seats: number): fc.Arbitrary<Op> => {
  const seat = fc.integer({ min: 0, max: seats - 1 });
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('join' as const),
        seat,
        buyIn: fc.integer({ min: 300, max: 2100 }),
        wait: fc.boolean(),
      }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('leave' as const), seat }) },
    {
      weight: 1,
      arbitrary: fc.record({ op: fc.constant('reload' as const), seat, amount: fc.integer({ min: 1, max: 2000 }) }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('sitOut' as const), seat }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('sitIn' as const), seat, wait: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('disconnect' as const), seat }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('reconnect' as const), seat }) },
    {
      weight: 6,
      arbitrary: fc.record({
        op: fc.constant('hand' as const),
        weights: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: seats, maxLength: seats }),
        carry: fc.integer({ min: 0, max: 2 }),
        cancel: fc.integer({ min: 0, max: 9 }).map((x) => x === 0),
        leaveSeat: fc.integer({ min: -1, max: seats - 1 }),
      }),
    },
  );
};

/** A run: first some players sit down, then anything happens. */
const runArb = (seats: number, maxOps: number): fc.Arbitrary<Op[]> =>
  fc
    .tuple(
      fc.array(
        fc.record({
          op: fc.constant('join' as const),
          seat: fc.integer({ min: 0, max: seats - 1 }),
          buyIn: fc.integer({ min: 400, max: 2000 }),
          wait: fc.boolean(),
        }),
        { minLength: 2, maxLength: seats + 2 },
      ),
      fc.array(opArb(seats), { minLength: Math.floor(maxOps / 2), maxLength: maxOps }),
    )
    .map(([joins, rest]) => [...joins, ...rest]);

/** Splits `total` among the dealt-in seats by weights (integers, sums exactly). */
function redistribute(plan: NextHandPlan, total: number, weights: number[]): { seat: number; stack: number }[] {
  const weight = plan.dealtIn.map((d) => weights[d.seat] ?? 0);
  const sum = weight.reduce((a, b) => a + b, 0);
  if (sum === 0)
    return plan.dealtIn.map((plannedSeat, index) => ({
      seat: plannedSeat.seat,
      stack: index === 0 ? total - plan.dealtIn.slice(1).reduce((a, x) => a + x.stack, 0) : plannedSeat.stack,
    }));
  let given = 0;
  const out = plan.dealtIn.map((plannedSeat, index) => {
    const share = Math.floor((total * weight[index]) / sum);
    given += share;
    return { seat: plannedSeat.seat, stack: share };
  });
  out[weight.findIndex((x) => x > 0)].stack += total - given;
  return out;
}

interface Check {
  before: TableState;
  plan: NextHandPlan;
}

/** The invariants every plan must satisfy. */
function checkPlan({ before, plan }: Check): void {
  const seatCount = before.seats.length;
  // No seat is dealt in without chips, and nobody posts more than he has.
  for (const plannedSeat of plan.dealtIn) expect(plannedSeat.stack).toBeGreaterThan(0);
  for (const plannedPost of plan.posts) {
    const plannedSeat = plan.dealtIn.find((x) => x.seat === plannedPost.seat)!;
    expect(plannedPost.live + plannedPost.dead).toBeLessThanOrEqual(plannedSeat.stack);
  }
  expect(plan.dealtIn.length).toBeGreaterThanOrEqual(2);
  if (plan.forcedBets !== 'blinds') return;
  const dealt = plan.dealtIn.map((d) => d.seat);
  const bb = plan.bigBlindSeat!;
  expect(dealt).toContain(bb);
  const prev = before.positions;
  if (prev && prev.bigBlind !== null) {
    // The big blind never moves backwards: it is the first ready seat clockwise after the last big blind.
    const ready = before.seats.flatMap((s, i) => (isCandidate(s) ? [i] : []));
    const firstReady = ready.sort(
      (a, b) =>
        (clockwise(prev.bigBlind!, a, seatCount) || seatCount) - (clockwise(prev.bigBlind!, b, seatCount) || seatCount),
    )[0];
    expect(bb).toBe(firstReady);
    // The button never moves backwards: it stays within the clockwise arc from the old button to the old big blind.
    if (!plan.headsUp && !plan.freshStart) {
      expect(clockwise(prev.button, plan.button, seatCount)).toBeLessThanOrEqual(
        clockwise(prev.button, prev.bigBlind, seatCount),
      );
    }
  }
  // Nobody plays a free hand: a newcomer or an owing player dealt in is the big blind or posts what he owes;
  // and every ready player who owes nothing is dealt in.
  if (!plan.freshStart) {
    for (const [index, seat] of before.seats.entries()) {
      if (!isCandidate(seat)) continue;
      if (isRegular(seat)) {
        expect(dealt).toContain(index);
        continue;
      }
      if (!dealt.includes(index) || index === bb) continue;
      const post = plan.posts.find((p) => p.seat === index);
      const owesBig = seat.entry === 'new' || seat.missedBig;
      if (owesBig) expect(post?.live).toBe(Math.min(before.config.stakes.bigBlind, seat.stack));
      if (seat.missedSmall && seat.entry !== 'new')
        expect(post?.dead).toBe(Math.min(before.config.stakes.smallBlind, seat.stack - (post?.live ?? 0)));
    }
  }
  // Order as the engine derives it: after the button come the small blind (if live), then the big blind.
  const after = (from: number) =>
    dealt.filter((s) => s !== from).sort((a, b) => clockwise(from, a, seatCount) - clockwise(from, b, seatCount))[0];
  if (plan.headsUp) {
    expect(plan.smallBlindSeat).toBe(plan.button);
    expect(after(plan.button)).toBe(bb);
  } else if (plan.smallBlindSeat !== null) {
    expect(after(plan.button)).toBe(plan.smallBlindSeat);
    expect(after(plan.smallBlindSeat)).toBe(bb);
  } else {
    expect(after(plan.button)).toBe(bb);
  }
}

/** Hands checked across all runs, so a generator that never reaches a deal cannot pass silently. */
let handsChecked = 0;

function run(config: TableConfig, ops: Op[], seed: number): void {
  let tableState = createTable(config);
  let now = 0;
  const conserve = () =>
    expect(tableState.chipsIn - tableState.chipsOut - tableState.rakeTaken).toBe(chipsAtTable(tableState));
  const id = (seat: number) => tableState.seats[seat]?.playerId ?? `p${seat}`;
  let joins = 0;
  for (const op of ops) {
    now += 1000;
    const prevState = tableState;
    try {
      switch (op.op) {
        case 'join':
          tableState = join(tableState, {
            playerId: `x${joins++}`,
            name: 'X',
            seat: op.seat,
            buyIn: op.buyIn,
            now,
            waitForBigBlind: op.wait,
          }).state;
          break;
        case 'leave':
          tableState = leave(tableState, id(op.seat), now).state;
          break;
        case 'reload':
          tableState = reload(tableState, id(op.seat), op.amount).state;
          break;
        case 'sitOut':
          tableState = sitOut(tableState, id(op.seat)).state;
          break;
        case 'sitIn':
          tableState = sitIn(tableState, id(op.seat), { waitForBigBlind: op.wait }).state;
          break;
        case 'disconnect':
          tableState = disconnect(tableState, id(op.seat), now).state;
          break;
        case 'reconnect':
          tableState = reconnect(tableState, id(op.seat), now).state;
          break;
        case 'hand': {
          tableState = expireDisconnections(tableState, now).state;
          const out = planNextHand(tableState, rng(seed + now));
          if (!out.ok) break;
          checkPlan({ before: tableState, plan: out.plan });
          handsChecked++;
          tableState = startHand(tableState, out.plan).state;
          conserve();
          if (op.leaveSeat >= 0 && tableState.seats[op.leaveSeat])
            tableState = leave(tableState, id(op.leaveSeat), now).state;
          if (op.cancel) {
            tableState = cancelHand(tableState, now).state;
          } else {
            const total = out.plan.dealtIn.reduce((a, d) => a + d.stack, 0) + out.plan.carryOver;
            const carry = config.game === 'draw-classic' ? Math.min(op.carry, total) : 0;
            tableState = finishHand(
              tableState,
              { stacks: redistribute(out.plan, total - carry, op.weights), carryOver: carry },
              now,
            ).state;
          }
          break;
        }
      }
    } catch (error) {
      if (!(error instanceof TableError)) throw error;
      // A refused transition changes nothing.
      tableState = prevState;
    }
    conserve();
  }
}

describe('table properties (fast-check)', () => {
  it("chips are conserved, the big blind and button never move backwards, no seat is dealt in without chips, nobody plays a free hand (NL Hold'em, 6 seats)", () => {
    fc.assert(
      fc.property(runArb(6, 60), fc.integer({ min: 0, max: 1000 }), (ops, seed) => run(nlConfig(), ops, seed)),
      { numRuns: 120, seed: 42 },
    );
    expect(handsChecked).toBeGreaterThan(600);
  });

  it('the same holds heads-up tables and 10-handed tables', () => {
    fc.assert(
      fc.property(runArb(2, 40), (ops) => run(nlConfig({ seats: 2 }), ops, 1)),
      { numRuns: 50, seed: 7 },
    );
    fc.assert(
      fc.property(runArb(10, 60), (ops) => run(nlConfig({ seats: 10 }), ops, 2)),
      { numRuns: 40, seed: 8 },
    );
  });

  it('the same holds in Five Card Draw 7-A (post all) and in classic draw with carry-over', () => {
    const draw7a = makeTableConfig({
      game: 'draw7a',
      structure: 'pot-limit',
      stakes: { smallBlind: 5, bigBlind: 10 },
      buyIn: { min: 400, max: 2000 },
      seats: 5,
    });
    const classic = makeTableConfig({
      game: 'draw-classic',
      structure: 'no-limit',
      stakes: { smallBlind: 0, bigBlind: 10, ante: 5 },
      buyIn: { min: 400, max: 1_000_000 },
      seats: 7,
    });
    fc.assert(
      fc.property(runArb(5, 50), (ops) => run(draw7a, ops, 3)),
      { numRuns: 40, seed: 9 },
    );
    fc.assert(
      fc.property(runArb(7, 50), (ops) => run(classic, ops, 4)),
      { numRuns: 40, seed: 10 },
    );
  });
});
