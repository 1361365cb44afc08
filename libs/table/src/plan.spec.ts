import { makeTableConfig } from './config';
import { startHand } from './hand';
import { planNextHand } from './plan';
import { leave, join, sitIn, sitOut } from './seating';
import { nlConfig, patchSeat, pid, plan, playQuietHand, rng, tableWith, withPositions } from './spec-helpers';

const seatsOf = (p: { dealtIn: { seat: number }[] }) => p.dealtIn.map((d) => d.seat);

describe('button movement (dead-button rule: the big blind always moves forward)', () => {
  it('the button, small and big blind each move one seat clockwise at a full table', () => {
    const tableState = withPositions(tableWith([0, 1, 2, 3, 4, 5], { established: true }), 0, 1, 2);
    const nextHandPlan = plan(tableState);
    expect([nextHandPlan.button, nextHandPlan.smallBlindSeat, nextHandPlan.bigBlindSeat]).toEqual([1, 2, 3]);
    expect(seatsOf(nextHandPlan)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(nextHandPlan.posts).toEqual([]);
  });

  it('dead small blind: when the previous big blind has left, nobody posts the small blind and the button moves to the old small blind', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3, 4, 5], { established: true }), 0, 1, 2);
    tableState = leave(tableState, pid(2), 0).state;
    const nextHandPlan = plan(tableState);
    expect(nextHandPlan.bigBlindSeat).toBe(3);
    expect(nextHandPlan.smallBlindSeat).toBeNull();
    expect(nextHandPlan.button).toBe(1);
    expect(seatsOf(nextHandPlan)).toEqual([0, 1, 3, 4, 5]);
  });

  it('dead button: when the previous small blind has left, the button sits on his empty seat', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3, 4, 5], { established: true }), 0, 1, 2);
    tableState = leave(tableState, pid(1), 0).state;
    const nextHandPlan = plan(tableState);
    expect([nextHandPlan.button, nextHandPlan.smallBlindSeat, nextHandPlan.bigBlindSeat]).toEqual([1, 2, 3]);
    expect(seatsOf(nextHandPlan)).toEqual([0, 2, 3, 4, 5]);
  });

  it('the big blind skips a sitting-out player and the button does not jump', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3, 4, 5], { established: true }), 0, 1, 2);
    tableState = sitOut(tableState, pid(3)).state;
    const nextHandPlan = plan(tableState);
    expect([nextHandPlan.button, nextHandPlan.smallBlindSeat, nextHandPlan.bigBlindSeat]).toEqual([1, 2, 4]);
  });

  it('heads-up: the button posts the small blind and the other player the big blind, alternating', () => {
    const tableState = tableWith([1, 4]);
    const first = playQuietHand(tableState, 7);
    expect(first.plan.freshStart).toBe(true);
    expect(first.plan.headsUp).toBe(true);
    expect(first.plan.smallBlindSeat).toBe(first.plan.button);
    const second = plan(first.state);
    expect(second.bigBlindSeat).toBe(first.plan.button);
    expect(second.button).toBe(first.plan.bigBlindSeat);
    expect(second.smallBlindSeat).toBe(second.button);
  });

  it('going heads-up: the big blind moves forward, the last big blind gets button and small blind', () => {
    let tableState = withPositions(tableWith([0, 2, 4], { established: true }), 0, 2, 4);
    tableState = leave(tableState, pid(0), 0).state;
    const nextHandPlan = plan(tableState);
    expect(nextHandPlan.headsUp).toBe(true);
    expect(nextHandPlan.bigBlindSeat).toBe(2);
    expect(nextHandPlan.button).toBe(4);
    expect(nextHandPlan.smallBlindSeat).toBe(4);
  });

  it('from heads-up to three-handed: the big blind moves to the newcomer in the big blind position and the button stays', () => {
    let tableState = withPositions(tableWith([0, 3], { established: true }), 0, 0, 3);
    tableState = join(tableState, { playerId: 'n', name: 'N', seat: 4, buyIn: 1000, now: 0 }).state;
    const nextHandPlan = plan(tableState);
    expect([nextHandPlan.button, nextHandPlan.smallBlindSeat, nextHandPlan.bigBlindSeat]).toEqual([0, 3, 4]);
    expect(nextHandPlan.posts).toEqual([]);
    expect(seatsOf(nextHandPlan)).toEqual([0, 3, 4]);
  });

  it('from heads-up to three-handed with a newcomer posting behind the big blind: dead button before the small blind', () => {
    // Heads-up: button/small 0, big 3. A newcomer on seat 1 posts. The big blind moves on to 0.
    let tableState = withPositions(tableWith([0, 3], { established: true }), 0, 0, 3);
    tableState = join(tableState, {
      playerId: 'n',
      name: 'N',
      seat: 1,
      buyIn: 1000,
      now: 0,
      waitForBigBlind: false,
    }).state;
    const nextHandPlan = plan(tableState);
    expect([nextHandPlan.button, nextHandPlan.smallBlindSeat, nextHandPlan.bigBlindSeat]).toEqual([2, 3, 0]);
    expect(nextHandPlan.posts).toEqual([{ seat: 1, live: 10, dead: 0 }]);
    expect(seatsOf(nextHandPlan)).toEqual([0, 1, 3]);
  });

  it('the big blind moving all the way round keeps the order button, small, big', () => {
    // Button 0, small 2, big 4; everyone but seats 2 and 4 and a newcomer on 3 is out.
    let tableState = withPositions(tableWith([0, 1, 2, 4, 5], { established: true }), 0, 2, 4);
    for (const seat of [0, 1, 5]) tableState = sitOut(tableState, pid(seat)).state;
    tableState = join(tableState, {
      playerId: 'n',
      name: 'N',
      seat: 3,
      buyIn: 1000,
      now: 0,
      waitForBigBlind: false,
    }).state;
    const nextHandPlan = plan(tableState);
    // Big blind: first ready seat after 4 is 2. The newcomer on 3 sits on the button seat: he waits.
    expect(nextHandPlan.bigBlindSeat).toBe(2);
    expect(nextHandPlan.waiting.find((w) => w.seat === 3)?.reason).toBe('waitForButton');
    expect(nextHandPlan.headsUp).toBe(true);
    expect([nextHandPlan.button, nextHandPlan.smallBlindSeat]).toEqual([4, 4]);
    expect(nextHandPlan.missed.filter((m) => m.blind === 'big').map((m) => m.seat)).toEqual([5, 0, 1]);
  });

  it("a table's first hand is a fresh start: everyone is dealt in and nobody posts", () => {
    const nextHandPlan = plan(tableWith([0, 2, 5]), 3);
    expect(nextHandPlan.freshStart).toBe(true);
    expect(seatsOf(nextHandPlan)).toEqual([0, 2, 5]);
    expect(nextHandPlan.posts).toEqual([]);
    // Three-handed: small blind is the first dealt-in seat after the button, big the next.
    const order = [0, 2, 5];
    const buttonIndex = order.indexOf(nextHandPlan.button);
    expect(nextHandPlan.smallBlindSeat).toBe(order[(buttonIndex + 1) % 3]);
    expect(nextHandPlan.bigBlindSeat).toBe(order[(buttonIndex + 2) % 3]);
  });

  it('no hand with fewer than two ready players', () => {
    let tableState = tableWith([0, 1]);
    tableState = sitOut(tableState, pid(1)).state;
    expect(planNextHand(tableState, rng())).toEqual({ ok: false, reason: 'notEnoughPlayers' });
  });

  it('busted and sitting-out players are not dealt in', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3], { established: true }), 0, 1, 2);
    tableState = patchSeat(tableState, 3, { stack: 0 });
    tableState = sitOut(tableState, pid(0)).state;
    const nextHandPlan = plan(tableState);
    expect(seatsOf(nextHandPlan)).toEqual([1, 2]);
    expect(nextHandPlan.waiting).toEqual([
      { seat: 0, playerId: 'p0', reason: 'sittingOut' },
      { seat: 3, playerId: 'p3', reason: 'busted' },
    ]);
  });
});

describe('new players (house rules "Neuer Spieler"; five-card-draw-7a rules 1-3)', () => {
  it('a new player waits for the big blind by default and then enters as the big blind', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3], { established: true }), 0, 1, 2);
    tableState = join(tableState, { playerId: 'n', name: 'N', seat: 4, buyIn: 1000, now: 0 }).state;
    const first = playQuietHand(tableState);
    expect(first.plan.bigBlindSeat).toBe(3);
    expect(first.plan.waiting).toEqual([{ seat: 4, playerId: 'n', reason: 'waitForBigBlind' }]);
    const second = plan(first.state);
    expect(second.bigBlindSeat).toBe(4);
    expect(seatsOf(second)).toContain(4);
    expect(second.posts).toEqual([]);
  });

  it('a new player may post a big blind out of position (live)', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3], { established: true }), 0, 1, 2);
    tableState = join(tableState, {
      playerId: 'n',
      name: 'N',
      seat: 5,
      buyIn: 1000,
      now: 0,
      waitForBigBlind: false,
    }).state;
    const nextHandPlan = plan(tableState);
    expect([nextHandPlan.button, nextHandPlan.smallBlindSeat, nextHandPlan.bigBlindSeat]).toEqual([1, 2, 3]);
    expect(nextHandPlan.posts).toEqual([{ seat: 5, live: 10, dead: 0 }]);
    expect(seatsOf(nextHandPlan)).toContain(5);
  });

  it('a new player in the big blind position posts the big blind as the big blind', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 4], { established: true }), 0, 1, 2);
    tableState = join(tableState, { playerId: 'n', name: 'N', seat: 3, buyIn: 1000, now: 0 }).state;
    const nextHandPlan = plan(tableState);
    expect(nextHandPlan.bigBlindSeat).toBe(3);
    expect(nextHandPlan.posts).toEqual([]);
  });

  it('a new player between the button and the big blind must wait until the button passes', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3, 4], { established: true }), 0, 1, 2);
    tableState = leave(tableState, pid(2), 0).state;
    tableState = join(tableState, {
      playerId: 'n',
      name: 'N',
      seat: 2,
      buyIn: 1000,
      now: 0,
      waitForBigBlind: false,
    }).state;
    const nextHandPlan = plan(tableState);
    expect(nextHandPlan.bigBlindSeat).toBe(3);
    expect(nextHandPlan.smallBlindSeat).toBeNull();
    expect(nextHandPlan.waiting).toEqual([{ seat: 2, playerId: 'n', reason: 'waitForButton' }]);
  });

  it('a short-stacked newcomer posts only what he has', () => {
    const config = nlConfig({ buyIn: { min: 5, max: 2000 } });
    let tableState = withPositions(tableWith([0, 1, 2, 3], { established: true, config }), 0, 1, 2);
    tableState = join(tableState, {
      playerId: 'n',
      name: 'N',
      seat: 5,
      buyIn: 6,
      now: 0,
      waitForBigBlind: false,
    }).state;
    expect(plan(tableState).posts).toEqual([{ seat: 5, live: 6, dead: 0 }]);
  });
});

describe('missed blinds (house rules "Blinds verpassen"; five-card-draw-7a ML/MS)', () => {
  it('the big blind passing a sitting-out player marks a missed big blind (ML)', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3, 4, 5], { established: true }), 0, 1, 2);
    tableState = sitOut(tableState, pid(3)).state;
    const nextHandPlan = plan(tableState);
    expect(nextHandPlan.missed).toEqual([{ seat: 3, playerId: 'p3', blind: 'big' }]);
    const after = startHand(tableState, nextHandPlan).state;
    expect(after.seats[3]).toMatchObject({ missedBig: true, missedSmall: false });
  });

  it('a sitting-out player on whose seat the small blind falls misses the small blind (MS); it is dead', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3, 4, 5], { established: true }), 0, 1, 2);
    tableState = sitOut(tableState, pid(2)).state;
    const nextHandPlan = plan(tableState);
    expect(nextHandPlan.smallBlindSeat).toBeNull();
    expect(nextHandPlan.missed).toEqual([{ seat: 2, playerId: 'p2', blind: 'small' }]);
  });

  it('returning after a missed big blind: post the big blind live (house rules)', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3, 4, 5], { established: true }), 3, 4, 5);
    tableState = patchSeat(tableState, 1, { missedBig: true, waitForBigBlind: false });
    const nextHandPlan = plan(tableState);
    expect([nextHandPlan.button, nextHandPlan.smallBlindSeat, nextHandPlan.bigBlindSeat]).toEqual([4, 5, 0]);
    expect(nextHandPlan.posts).toEqual([{ seat: 1, live: 10, dead: 0 }]);
  });

  it('returning after missing both blinds: big blind live plus small blind dead', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3, 4, 5], { established: true }), 3, 4, 5);
    tableState = patchSeat(tableState, 1, { missedBig: true, missedSmall: true, waitForBigBlind: false });
    expect(plan(tableState).posts).toEqual([{ seat: 1, live: 10, dead: 5 }]);
  });

  it('an owing player may wait for the big blind instead; reaching him clears the debt', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3, 4, 5], { established: true }), 3, 4, 5);
    tableState = patchSeat(tableState, 1, { missedBig: true, missedSmall: true, waitForBigBlind: true });
    const first = playQuietHand(tableState);
    expect(first.plan.waiting).toEqual([{ seat: 1, playerId: 'p1', reason: 'waitForBigBlind' }]);
    const second = playQuietHand(first.state);
    expect(second.plan.bigBlindSeat).toBe(1);
    expect(second.plan.posts).toEqual([]);
    expect(second.state.seats[1]).toMatchObject({ missedBig: false, missedSmall: false });
  });

  const draw7a = () =>
    makeTableConfig({
      game: 'draw7a',
      structure: 'fixed-limit',
      stakes: { smallBlind: 1, bigBlind: 2 },
      buyIn: { min: 20, max: null },
      seats: 5,
    });

  it('Five Card Draw 7-A ML: a player who missed the big blind must post all blinds (big live, small dead)', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3, 4], { established: true, config: draw7a() }), 2, 3, 4);
    tableState = patchSeat(tableState, 1, { missedBig: true, waitForBigBlind: false });
    const nextHandPlan = plan(tableState);
    expect([nextHandPlan.button, nextHandPlan.smallBlindSeat, nextHandPlan.bigBlindSeat]).toEqual([3, 4, 0]);
    expect(nextHandPlan.posts).toEqual([{ seat: 1, live: 2, dead: 1 }]);
  });

  it('Five Card Draw 7-A MS: a player who missed the small blind returns only after the button has passed him, posting it dead', () => {
    let tableState = withPositions(tableWith([0, 1, 2, 3, 4], { established: true, config: draw7a() }), 0, 1, 2);
    tableState = sitOut(tableState, pid(2)).state;
    const h1 = playQuietHand(tableState);
    expect(h1.plan.missed).toEqual([{ seat: 2, playerId: 'p2', blind: 'small' }]);
    expect([h1.plan.button, h1.plan.smallBlindSeat, h1.plan.bigBlindSeat]).toEqual([1, null, 3]);
    tableState = sitIn(h1.state, pid(2), { waitForBigBlind: false }).state;
    const h2 = playQuietHand(tableState);
    // The button comes to his seat: he must let it pass.
    expect(h2.plan.button).toBe(2);
    expect(h2.plan.waiting).toEqual([{ seat: 2, playerId: 'p2', reason: 'waitForButton' }]);
    const h3 = plan(h2.state);
    expect([h3.button, h3.smallBlindSeat, h3.bigBlindSeat]).toEqual([3, 4, 0]);
    expect(h3.posts).toEqual([{ seat: 2, live: 0, dead: 1 }]);
  });
});

describe('ante games (stud, classic draw)', () => {
  const stud = () =>
    makeTableConfig({
      game: 'stud7',
      structure: 'fixed-limit',
      stakes: { smallBlind: 0, bigBlind: 10, ante: 1, bringIn: 2 },
      buyIn: { min: 100, max: null },
      seats: 8,
    });

  it('everyone ready is dealt in at once, nobody posts, and the button moves to the next player', () => {
    let tableState = tableWith([0, 3, 6], { config: stud() });
    const h1 = playQuietHand(tableState, 5);
    tableState = join(h1.state, { playerId: 'n', name: 'N', seat: 1, buyIn: 100, now: 0 }).state;
    const nextHandPlan = plan(tableState);
    expect(seatsOf(nextHandPlan)).toEqual([0, 1, 3, 6]);
    expect(nextHandPlan.posts).toEqual([]);
    expect(nextHandPlan.smallBlindSeat).toBeNull();
    expect(nextHandPlan.bigBlindSeat).toBeNull();
    const order = [0, 1, 3, 6];
    expect(nextHandPlan.button).toBe(order[(order.indexOf(h1.plan.button) + 1) % 4]);
  });
});
