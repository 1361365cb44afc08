import { makeTableConfig } from './config';
import { startHand } from './hand';
import { expireSeatOffer, join, joinWaitingList, leave, leaveWaitingList, reload } from './seating';
import { code, nlConfig, patchSeat, plan, tableWith } from './spec-helpers';
import { chipsAtTable, createTable, isBusted } from './state';

describe('buy-in (house rules "Buy-in": table stakes, min on every table, max on PL and NL)', () => {
  it('the buy-in must lie between the minimum 400 and the maximum 2000', () => {
    const tableState = createTable(nlConfig());
    const sit = (buyIn: number) => join(tableState, { playerId: 'a', name: 'A', buyIn, now: 0 });
    expect(code(() => sit(399))).toBe('BUY_IN_BELOW_MIN');
    expect(code(() => sit(2001))).toBe('BUY_IN_ABOVE_MAX');
    expect(sit(400).state.seats[0]?.stack).toBe(400);
    expect(sit(2000).state.seats[0]?.stack).toBe(2000);
    expect(code(() => sit(450.5))).toBe('INVALID_AMOUNT');
  });

  it('Fixed Limit tables have a minimum buy-in and no maximum', () => {
    const fl = makeTableConfig({
      game: 'holdem',
      structure: 'fixed-limit',
      stakes: { smallBlind: 1, bigBlind: 2 },
      buyIn: { min: 10, max: null },
      seats: 9,
    });
    const tableState = join(createTable(fl), { playerId: 'a', name: 'A', buyIn: 1_000_000, now: 0 }).state;
    expect(tableState.seats[0]?.stack).toBe(1_000_000);
    expect(code(() => makeTableConfig({ ...fl, buyIn: { min: 10, max: 100 } }))).toBe('INVALID_CONFIG');
  });

  it('Pot Limit and No Limit tables need a maximum buy-in', () => {
    expect(code(() => nlConfig({ buyIn: { min: 400, max: null } }))).toBe('INVALID_CONFIG');
    expect(code(() => nlConfig({ structure: 'pot-limit', buyIn: { min: 400, max: null } }))).toBe('INVALID_CONFIG');
  });

  it('a player holds one seat only, and a taken seat cannot be joined', () => {
    const tableState = tableWith([0]);
    expect(code(() => join(tableState, { playerId: 'p0', name: 'x', buyIn: 500, now: 0 }))).toBe('ALREADY_SEATED');
    expect(code(() => join(tableState, { playerId: 'b', name: 'B', seat: 0, buyIn: 500, now: 0 }))).toBe('SEAT_TAKEN');
    expect(code(() => join(tableState, { playerId: 'b', name: 'B', seat: 6, buyIn: 500, now: 0 }))).toBe(
      'SEAT_OUT_OF_RANGE',
    );
  });
});

describe('reload / top-up (only between hands, up to the maximum)', () => {
  it('a reload tops the stack up to the maximum and no further: 1500 + 500 = 2000 is fine, 1500 + 501 is not', () => {
    const tableState = tableWith([0], { stack: 1500 });
    expect(reload(tableState, 'p0', 500).state.seats[0]?.stack).toBe(2000);
    expect(code(() => reload(tableState, 'p0', 501))).toBe('BUY_IN_ABOVE_MAX');
  });

  it('no chips may be added while the player is dealt into the running hand', () => {
    const tableState = tableWith([0, 1, 2], { stack: 1000 });
    const running = startHand(tableState, plan(tableState)).state;
    expect(code(() => reload(running, 'p0', 100))).toBe('HAND_IN_PROGRESS');
  });

  it('a seated player who is not in the running hand may reload during it', () => {
    let tableState = tableWith([0, 1], { stack: 1000 });
    tableState = startHand(tableState, plan(tableState)).state;
    tableState = join(tableState, { playerId: 'late', name: 'L', seat: 4, buyIn: 400, now: 0 }).state;
    expect(reload(tableState, 'late', 100).state.seats[4]?.stack).toBe(500);
  });

  it('a busted player is a spectator who may reload (at least back to the minimum 400)', () => {
    const tableState = patchSeat(tableWith([0, 1]), 1, { stack: 0 });
    expect(isBusted(tableState, 1)).toBe(true);
    expect(code(() => reload(tableState, 'p1', 399))).toBe('BUY_IN_BELOW_MIN');
    const transition = reload(tableState, 'p1', 400);
    expect(transition.state.seats[1]?.stack).toBe(400);
    expect(transition.state.chipsIn).toBe(tableState.chipsIn + 400);
  });
});

describe('cash-out', () => {
  it('leaving between hands returns the whole stack and frees the seat', () => {
    const tableState = tableWith([0, 1], { stack: 1234 });
    const transition = leave(tableState, 'p1', 0);
    expect(transition.events).toEqual([{ type: 'cashedOut', seat: 1, playerId: 'p1', amount: 1234, reason: 'left' }]);
    expect(transition.state.seats[1]).toBeNull();
    expect(transition.state.chipsOut).toBe(1234);
    expect(chipsAtTable(transition.state)).toBe(1234);
  });

  it('leaving during a hand one is dealt into cashes out when the hand ends', () => {
    let tableState = tableWith([0, 1, 2]);
    tableState = startHand(tableState, plan(tableState)).state;
    const transition = leave(tableState, 'p1', 0);
    expect(transition.events).toEqual([{ type: 'leavePending', seat: 1, playerId: 'p1' }]);
    expect(transition.state.seats[1]?.leaveAfterHand).toBe(true);
  });
});

describe('waiting list', () => {
  const full = () => tableWith([0, 1], { config: nlConfig({ seats: 2, seatOfferMs: 1000 }) });

  it('only a full table has a waiting list', () => {
    expect(code(() => joinWaitingList(tableWith([0]), 'w'))).toBe('SEAT_AVAILABLE');
    expect(joinWaitingList(full(), 'w').state.waitingList).toEqual(['w']);
  });

  it('a freed seat is offered to the head of the list, reserved for him, and passes on when the offer expires', () => {
    let tableState = joinWaitingList(full(), 'w1').state;
    tableState = joinWaitingList(tableState, 'w2').state;
    const freed = leave(tableState, 'p0', 100);
    expect(freed.events).toContainEqual({ type: 'seatOffered', playerId: 'w1', expiresAt: 1100 });
    tableState = freed.state;
    expect(code(() => join(tableState, { playerId: 'x', name: 'X', buyIn: 500, now: 200 }))).toBe('SEAT_RESERVED');
    const expired = expireSeatOffer(tableState, 1100);
    expect(expired.events).toEqual([
      { type: 'seatOfferExpired', playerId: 'w1' },
      { type: 'seatOffered', playerId: 'w2', expiresAt: 2100 },
    ]);
    const taken = join(expired.state, { playerId: 'w2', name: 'W2', buyIn: 500, now: 1500 });
    expect(taken.state.seats[0]?.playerId).toBe('w2');
    expect(taken.state.seatOffer).toBeNull();
  });

  it('leaving the waiting list while holding an offer passes the offer on', () => {
    let tableState = joinWaitingList(full(), 'w1').state;
    tableState = joinWaitingList(tableState, 'w2').state;
    tableState = leave(tableState, 'p0', 0).state;
    const transition = leaveWaitingList(tableState, 'w1', 10);
    expect(transition.state.seatOffer).toEqual({ playerId: 'w2', expiresAt: 1010 });
  });
});

describe('private tables and bots', () => {
  const priv = () =>
    nlConfig({ private: { hostId: 'host', invited: ['friend'], inviteCode: 'XYZ' }, botsAllowed: true });

  it('only the host, invited players and holders of the invite code may sit', () => {
    const tableState = createTable(priv());
    const sit = (playerId: string, inviteCode?: string) =>
      join(tableState, { playerId, name: playerId, buyIn: 500, now: 0, inviteCode });
    expect(sit('host').state.seats[0]?.playerId).toBe('host');
    expect(sit('friend').state.seats[0]?.playerId).toBe('friend');
    expect(sit('stranger', 'XYZ').state.seats[0]?.playerId).toBe('stranger');
    expect(code(() => sit('stranger'))).toBe('NOT_INVITED');
    expect(code(() => sit('stranger', 'nope'))).toBe('NOT_INVITED');
  });

  it('bots are flagged, and refused where the table does not allow them', () => {
    const bot = { playerId: 'bot:ada', name: 'BOT Ada', isBot: true, buyIn: 500, now: 0 };
    expect(join(createTable(priv()), bot).state.seats[0]).toMatchObject({ isBot: true, name: 'BOT Ada' });
    expect(code(() => join(createTable(nlConfig()), bot))).toBe('BOTS_DISABLED');
  });
});
