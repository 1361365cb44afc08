import {
  FAST_MODE_STRUCTURE,
  RegistrationError,
  type SitAndGoTemplate,
  TemplateError,
  openSitAndGoLobby,
  placeShares,
  registerSitAndGo,
  sitAndGoPrizeTable,
  spinTemplate,
  unregisterSitAndGo,
  validateSitAndGoTemplate,
} from '@naiko/tournament';

const sixMax: SitAndGoTemplate = {
  templateId: 'sng-6-fast',
  name: '6-max fast',
  game: 'holdem',
  bettingStructure: 'no-limit',
  kind: 'sit-and-go',
  seats: 6,
  buyIn: 100,
  entryFee: 10,
  startingStack: 1500,
  blindStructure: FAST_MODE_STRUCTURE,
  prizeTable: null,
  spinTable: null,
  clock: { decisionMs: 1000, reconnectMs: 5000 },
};

const codeOf = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    if (error instanceof TemplateError || error instanceof RegistrationError) return error.code;
    throw error;
  }
  return undefined;
};

describe('Sit & Go templates', () => {
  test('a valid template pays the published table for its seats (6 seats: 65/35)', () => {
    expect(validateSitAndGoTemplate(sixMax)).toBe(sixMax);
    expect(placeShares(sitAndGoPrizeTable(sixMax))).toEqual([650_000, 350_000]);
  });

  test('seats 2–10 and never more than the game allows', () => {
    expect(codeOf(() => validateSitAndGoTemplate({ ...sixMax, seats: 1 }))).toBe('bad-seats');
    expect(codeOf(() => validateSitAndGoTemplate({ ...sixMax, seats: 11 }))).toBe('bad-seats');
    expect(codeOf(() => validateSitAndGoTemplate({ ...sixMax, game: 'omaha', seats: 9 }))).toBe('seats-exceed-game');
    expect(codeOf(() => validateSitAndGoTemplate({ ...sixMax, buyIn: -5 }))).toBe('bad-amount');
    expect(codeOf(() => validateSitAndGoTemplate({ ...sixMax, clock: { decisionMs: 0, reconnectMs: 0 } }))).toBe(
      'bad-clock',
    );
  });

  test('Spin template: 3 seats, hyper-turbo, the published multiplier table', () => {
    const spin = spinTemplate('spin-100', 100, 7);
    expect(spin).toMatchObject({ kind: 'spin', seats: 3, buyIn: 100, entryFee: 7, startingStack: 500 });
    expect(spin.blindStructure.name).toBe('hyper-turbo');
    expect(codeOf(() => validateSitAndGoTemplate({ ...spin, seats: 4 }))).toBe('bad-spin-template');
  });

  test('a new instance opens when the previous one fills', () => {
    const heads = { ...sixMax, seats: 2 };
    let lobby = openSitAndGoLobby(heads);
    const first = registerSitAndGo(lobby, 'a');
    expect(first).toMatchObject({ started: false, instance: { instanceNumber: 1 } });
    lobby = first.lobby;
    const second = registerSitAndGo(lobby, 'b');
    expect(second.started).toBe(true);
    expect(second.instance).toMatchObject({ instanceNumber: 1, registration: { phase: 'running' } });
    expect(second.events.map((e) => e.type)).toEqual(['registered', 'started']);
    expect(second.lobby.open).toMatchObject({ instanceNumber: 2, registration: { phase: 'open', entries: [] } });
    // The same player may join the next instance.
    expect(registerSitAndGo(second.lobby, 'a').instance.instanceNumber).toBe(2);
  });

  test('unregistration racing the last seat loses: the instance already started', () => {
    const heads = { ...sixMax, seats: 2 };
    const afterA = registerSitAndGo(openSitAndGoLobby(heads), 'a').lobby;
    // Before the fill, unregistering refunds buy-in + fee.
    expect(unregisterSitAndGo(afterA, 1, 'a').events).toEqual([
      { type: 'unregistered', entryId: 1, playerId: 'a', refund: 110 },
    ]);
    const filled = registerSitAndGo(afterA, 'b').lobby;
    expect(codeOf(() => unregisterSitAndGo(filled, 1, 'a'))).toBe('already-started');
  });
});
