import {
  type RegistrationConfig,
  RegistrationError,
  type RegistrationState,
  bustEntry,
  cancelTournament,
  createRegistration,
  finishTournament,
  openRegistration,
  paidEntries,
  prizePool,
  registerEntry,
  startTournament,
  unregisterEntry,
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

const codeOf = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    if (error instanceof RegistrationError) return error.code;
    throw error;
  }
  return undefined;
};

function opened(config = mtt, players: string[] = []): RegistrationState {
  let registrationState = openRegistration(createRegistration(config)).state;
  for (const playerId of players) registrationState = registerEntry(registrationState, playerId).state;
  return registrationState;
}

describe('registration', () => {
  test('register charges buy-in + fee; the buy-in goes to the prize pool', () => {
    const { state, events } = registerEntry(opened(), 'ann');
    expect(events).toEqual([
      {
        type: 'registered',
        entryId: 1,
        playerId: 'ann',
        late: false,
        reEntry: false,
        charge: 110,
        toPrizePool: 100,
        fee: 10,
      },
    ]);
    expect(prizePool(state)).toBe(100);
  });

  test('no registration before it opens; no second live entry', () => {
    expect(codeOf(() => registerEntry(createRegistration(mtt), 'ann'))).toBe('registration-not-open');
    expect(codeOf(() => registerEntry(opened(mtt, ['ann']), 'ann'))).toBe('already-registered');
  });

  test('unregister before the start refunds buy-in + fee and frees the place', () => {
    const { state, events } = unregisterEntry(opened(mtt, ['ann', 'bob']), 'ann');
    expect(events).toEqual([{ type: 'unregistered', entryId: 1, playerId: 'ann', refund: 110 }]);
    expect(paidEntries(state)).toBe(1);
    expect(codeOf(() => unregisterEntry(state, 'ann'))).toBe('not-registered');
    // He may register again: a new entry, not a re-entry.
    expect(registerEntry(state, 'ann').events[0]).toMatchObject({ entryId: 3, reEntry: false });
  });

  test('max entrants: the next registration is refused as full', () => {
    expect(codeOf(() => registerEntry(opened(mtt, ['a', 'b', 'c', 'd', 'e']), 'f'))).toBe('tournament-full');
  });

  test('min entrants: starting with fewer cancels and refunds everyone', () => {
    const { state, events } = startTournament(opened(mtt, ['a', 'b']));
    expect(state.phase).toBe('cancelled');
    expect(events).toEqual([
      {
        type: 'cancelled',
        reason: 'too-few-entrants',
        refunds: [
          { entryId: 1, playerId: 'a', amount: 110 },
          { entryId: 2, playerId: 'b', amount: 110 },
        ],
      },
    ]);
  });

  test('late registration until level N: accepted at level 4, refused at level 5', () => {
    const running = startTournament(opened(mtt, ['a', 'b', 'c'])).state;
    expect(registerEntry(running, 'd', 4).events[0]).toMatchObject({ late: true, entryId: 4 });
    expect(codeOf(() => registerEntry(running, 'd', 5))).toBe('late-registration-closed');
    expect(codeOf(() => unregisterEntry(running, 'a'))).toBe('already-started');
  });

  test('re-entry after busting during late registration; limited per player; refused without re-entry', () => {
    let registrationState = startTournament(opened(mtt, ['a', 'b', 'c'])).state;
    registrationState = bustEntry(registrationState, 1).state;
    const re = registerEntry(registrationState, 'a', 2);
    expect(re.events[0]).toMatchObject({ entryId: 4, reEntry: true, late: true, charge: 110 });
    registrationState = bustEntry(re.state, 4).state;
    expect(codeOf(() => registerEntry(registrationState, 'a', 2))).toBe('re-entry-not-allowed'); // 2 entries max
    const noReEntry = bustEntry(startTournament(opened({ ...mtt, reEntry: false }, ['a', 'b', 'c'])).state, 1).state;
    expect(codeOf(() => registerEntry(noReEntry, 'a', 1))).toBe('re-entry-not-allowed');
    // The prize pool counts every paid entry, re-entries included.
    expect(prizePool(registrationState)).toBe(400);
  });

  test('cancellation by an admin refunds every paid entry, busted and re-entries included', () => {
    let registrationState = startTournament(opened(mtt, ['a', 'b', 'c'])).state;
    registrationState = bustEntry(registrationState, 1).state;
    registrationState = registerEntry(registrationState, 'a', 1).state;
    const { state, events } = cancelTournament(registrationState);
    expect(state.phase).toBe('cancelled');
    expect(events[0]).toEqual({
      type: 'cancelled',
      reason: 'by-admin',
      refunds: [1, 2, 3, 4].map((entryId) => ({ entryId, playerId: ['a', 'b', 'c', 'a'][entryId - 1], amount: 110 })),
    });
    expect(codeOf(() => cancelTournament(state))).toBe('already-cancelled');
    expect(codeOf(() => registerEntry(state, 'q'))).toBe('already-cancelled');
  });

  test('an unregistered entry is not refunded again at cancellation', () => {
    const registrationState = unregisterEntry(opened(mtt, ['a', 'b']), 'a').state;
    expect(cancelTournament(registrationState).events[0]).toMatchObject({
      refunds: [{ entryId: 2, playerId: 'b', amount: 110 }],
    });
  });

  test('start when full (Sit & Go): the last registration starts it; a late unregistration loses the race', () => {
    const sng = {
      ...mtt,
      minEntrants: 3,
      maxEntrants: 3,
      lateRegistrationUntilLevel: 0,
      reEntry: false,
      startWhenFull: true,
    };
    const { state, events } = registerEntry(opened(sng, ['a', 'b']), 'c');
    expect(events.map((e) => e.type)).toEqual(['registered', 'started']);
    expect(events[1]).toEqual({ type: 'started', entrants: 3, prizePool: 300 });
    expect(codeOf(() => unregisterEntry(state, 'a'))).toBe('already-started');
    expect(codeOf(() => registerEntry(state, 'd', 1))).toBe('late-registration-closed');
    expect(finishTournament(state).state.phase).toBe('finished');
  });

  test('bad configs are refused', () => {
    expect(codeOf(() => createRegistration({ ...mtt, minEntrants: 1 }))).toBe('bad-config');
    expect(codeOf(() => createRegistration({ ...mtt, maxEntrants: 2 }))).toBe('bad-config');
    expect(codeOf(() => createRegistration({ ...mtt, buyIn: -1 }))).toBe('bad-config');
  });
});
