import {
  type RegistrationConfig,
  RegistrationError,
  type RegistrationState,
  bust,
  cancel,
  createRegistration,
  finish,
  openRegistration,
  paidEntries,
  prizePool,
  register,
  start,
  unregister,
} from '@naiko/tournament';

const mtt: RegistrationConfig = {
  minEntrants: 3,
  maxEntrants: 5,
  buyIn: 100,
  fee: 10,
  lateRegistrationUntilLevel: 4,
  reEntry: true,
  maxEntriesPerPlayer: 2,
  startWhenFull: false,
};

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof RegistrationError) return e.code;
    throw e;
  }
  return undefined;
};

function opened(config = mtt, players: string[] = []): RegistrationState {
  let s = openRegistration(createRegistration(config)).state;
  for (const p of players) s = register(s, p).state;
  return s;
}

describe('registration', () => {
  test('register charges buy-in + fee; the buy-in goes to the prize pool', () => {
    const { state, events } = register(opened(), 'ann');
    expect(events).toEqual([{ type: 'registered', entryId: 1, playerId: 'ann', late: false, reEntry: false, charge: 110, toPrizePool: 100, fee: 10 }]);
    expect(prizePool(state)).toBe(100);
  });

  test('no registration before it opens; no second live entry', () => {
    expect(codeOf(() => register(createRegistration(mtt), 'ann'))).toBe('registration-not-open');
    expect(codeOf(() => register(opened(mtt, ['ann']), 'ann'))).toBe('already-registered');
  });

  test('unregister before the start refunds buy-in + fee and frees the place', () => {
    const { state, events } = unregister(opened(mtt, ['ann', 'bob']), 'ann');
    expect(events).toEqual([{ type: 'unregistered', entryId: 1, playerId: 'ann', refund: 110 }]);
    expect(paidEntries(state)).toBe(1);
    expect(codeOf(() => unregister(state, 'ann'))).toBe('not-registered');
    // He may register again: a new entry, not a re-entry.
    expect(register(state, 'ann').events[0]).toMatchObject({ entryId: 3, reEntry: false });
  });

  test('max entrants: the next registration is refused as full', () => {
    expect(codeOf(() => register(opened(mtt, ['a', 'b', 'c', 'd', 'e']), 'f'))).toBe('tournament-full');
  });

  test('min entrants: starting with fewer cancels and refunds everyone', () => {
    const { state, events } = start(opened(mtt, ['a', 'b']));
    expect(state.phase).toBe('cancelled');
    expect(events).toEqual([
      { type: 'cancelled', reason: 'too-few-entrants', refunds: [{ entryId: 1, playerId: 'a', amount: 110 }, { entryId: 2, playerId: 'b', amount: 110 }] },
    ]);
  });

  test('late registration until level N: accepted at level 4, refused at level 5', () => {
    const running = start(opened(mtt, ['a', 'b', 'c'])).state;
    expect(register(running, 'd', 4).events[0]).toMatchObject({ late: true, entryId: 4 });
    expect(codeOf(() => register(running, 'd', 5))).toBe('late-registration-closed');
    expect(codeOf(() => unregister(running, 'a'))).toBe('already-started');
  });

  test('re-entry after busting during late registration; limited per player; refused without re-entry', () => {
    let s = start(opened(mtt, ['a', 'b', 'c'])).state;
    s = bust(s, 1).state;
    const re = register(s, 'a', 2);
    expect(re.events[0]).toMatchObject({ entryId: 4, reEntry: true, late: true, charge: 110 });
    s = bust(re.state, 4).state;
    expect(codeOf(() => register(s, 'a', 2))).toBe('re-entry-not-allowed'); // 2 entries max
    const noReEntry = bust(start(opened({ ...mtt, reEntry: false }, ['a', 'b', 'c'])).state, 1).state;
    expect(codeOf(() => register(noReEntry, 'a', 1))).toBe('re-entry-not-allowed');
    // The prize pool counts every paid entry, re-entries included.
    expect(prizePool(s)).toBe(400);
  });

  test('cancellation by an admin refunds every paid entry, busted and re-entries included', () => {
    let s = start(opened(mtt, ['a', 'b', 'c'])).state;
    s = bust(s, 1).state;
    s = register(s, 'a', 1).state;
    const { state, events } = cancel(s);
    expect(state.phase).toBe('cancelled');
    expect(events[0]).toEqual({
      type: 'cancelled',
      reason: 'by-admin',
      refunds: [1, 2, 3, 4].map((entryId) => ({ entryId, playerId: ['a', 'b', 'c', 'a'][entryId - 1], amount: 110 })),
    });
    expect(codeOf(() => cancel(state))).toBe('already-cancelled');
    expect(codeOf(() => register(state, 'q'))).toBe('already-cancelled');
  });

  test('an unregistered entry is not refunded again at cancellation', () => {
    const s = unregister(opened(mtt, ['a', 'b']), 'a').state;
    expect(cancel(s).events[0]).toMatchObject({ refunds: [{ entryId: 2, playerId: 'b', amount: 110 }] });
  });

  test('start when full (Sit & Go): the last registration starts it; a late unregistration loses the race', () => {
    const sng = { ...mtt, minEntrants: 3, maxEntrants: 3, lateRegistrationUntilLevel: 0, reEntry: false, startWhenFull: true };
    const { state, events } = register(opened(sng, ['a', 'b']), 'c');
    expect(events.map((e) => e.type)).toEqual(['registered', 'started']);
    expect(events[1]).toEqual({ type: 'started', entrants: 3, prizePool: 300 });
    expect(codeOf(() => unregister(state, 'a'))).toBe('already-started');
    expect(codeOf(() => register(state, 'd', 1))).toBe('late-registration-closed');
    expect(finish(state).state.phase).toBe('finished');
  });

  test('bad configs are refused', () => {
    expect(codeOf(() => createRegistration({ ...mtt, minEntrants: 1 }))).toBe('bad-config');
    expect(codeOf(() => createRegistration({ ...mtt, maxEntrants: 2 }))).toBe('bad-config');
    expect(codeOf(() => createRegistration({ ...mtt, buyIn: -1 }))).toBe('bad-config');
  });
});
