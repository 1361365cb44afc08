import { closeTable, invite, setInviteCode, updateSettings } from './admin';
import { cancelHand, startHand } from './hand';
import { join, mayWatch } from './seating';
import { code, nlConfig, plan } from './spec-helpers';
import { chipsAtTable, createTable, type TableState } from './state';

function hosted(): TableState {
  let tableState = createTable(nlConfig({ private: { hostId: 'host', invited: ['a'], inviteCode: null } }));
  tableState = join(tableState, { playerId: 'host', name: 'Host', buyIn: 1000, now: 0 }).state;
  tableState = join(tableState, { playerId: 'a', name: 'A', buyIn: 700, now: 0 }).state;
  return tableState;
}

describe('private tables: host-only settings, invitations, closing', () => {
  it('only the host may change settings, and only between hands', () => {
    const tableState = hosted();
    expect(code(() => updateSettings(tableState, 'a', { botsAllowed: true }))).toBe('NOT_HOST');
    expect(updateSettings(tableState, 'host', { botsAllowed: true }).state.config.botsAllowed).toBe(true);
    const running = startHand(tableState, plan(tableState)).state;
    expect(code(() => updateSettings(running, 'host', { botsAllowed: true }))).toBe('HAND_IN_PROGRESS');
  });

  it('settings are validated as a whole: No Limit without a maximum buy-in is refused', () => {
    expect(code(() => updateSettings(hosted(), 'host', { buyIn: { min: 100, max: null } }))).toBe('INVALID_CONFIG');
  });

  it('the host invites by player and by invite code', () => {
    let tableState = invite(hosted(), 'host', 'b').state;
    expect(join(tableState, { playerId: 'b', name: 'B', buyIn: 500, now: 0 }).state.seats[2]?.playerId).toBe('b');
    tableState = setInviteCode(tableState, 'host', 'CODE1').state;
    expect(
      join(tableState, { playerId: 'c', name: 'C', buyIn: 500, now: 0, inviteCode: 'CODE1' }).state.seats[2]?.playerId,
    ).toBe('c');
    expect(code(() => invite(tableState, 'a', 'd'))).toBe('NOT_HOST');
  });

  it('closing the table returns every stack; only the host may close it', () => {
    const tableState = hosted();
    expect(code(() => closeTable(tableState, 'a', 0))).toBe('NOT_HOST');
    const transition = closeTable(tableState, 'host', 0);
    expect(transition.events.filter((e) => e.type === 'cashedOut')).toEqual([
      { type: 'cashedOut', seat: 0, playerId: 'host', amount: 1000, reason: 'closed' },
      { type: 'cashedOut', seat: 1, playerId: 'a', amount: 700, reason: 'closed' },
    ]);
    expect(transition.state.closed).toBe(true);
    expect(chipsAtTable(transition.state)).toBe(0);
    expect(code(() => join(transition.state, { playerId: 'a', name: 'A', buyIn: 500, now: 0 }))).toBe('TABLE_CLOSED');
  });

  it('closing during a hand is refused; the platform cancels the hand first and every pre-hand stack goes back', () => {
    const tableState = hosted();
    const running = startHand(tableState, plan(tableState)).state;
    expect(code(() => closeTable(running, 'host', 0))).toBe('HAND_IN_PROGRESS');
    const transition = closeTable(cancelHand(running, 0).state, 'host', 0);
    expect(
      transition.events.filter((e) => e.type === 'cashedOut').map((e) => (e as { amount: number }).amount),
    ).toEqual([1000, 700]);
  });

  it('who may watch a private table: host, invitees, code holders, seated players; anyone once the host allows spectators', () => {
    let tableState = setInviteCode(hosted(), 'host', 'CODE1').state;
    expect(mayWatch(tableState, 'host')).toBe(true);
    expect(mayWatch(tableState, 'a')).toBe(true);
    expect(mayWatch(tableState, 'stranger')).toBe(false);
    expect(mayWatch(tableState, 'stranger', 'WRONG')).toBe(false);
    expect(mayWatch(tableState, 'stranger', 'CODE1')).toBe(true);
    // Seated with the code, he keeps watching after the code is revoked.
    tableState = join(tableState, { playerId: 'c', name: 'C', buyIn: 500, now: 0, inviteCode: 'CODE1' }).state;
    tableState = setInviteCode(tableState, 'host', null).state;
    expect(mayWatch(tableState, 'c')).toBe(true);
    expect(code(() => updateSettings(tableState, 'a', { spectatorsAllowed: true }))).toBe('NOT_HOST');
    // An access setting, not a game one: it changes during a hand too.
    expect(
      updateSettings(startHand(tableState, plan(tableState)).state, 'host', { spectatorsAllowed: true }).state.config
        .private?.spectatorsAllowed,
    ).toBe(true);
    const open = updateSettings(tableState, 'host', { spectatorsAllowed: true }).state;
    expect(open.config.private).toMatchObject({ hostId: 'host', invited: ['a'], spectatorsAllowed: true });
    expect(mayWatch(open, 'stranger')).toBe(true);
    // Watching is not sitting: the stranger still needs an invitation to join.
    expect(code(() => join(open, { playerId: 'stranger', name: 'S', buyIn: 500, now: 0 }))).toBe('NOT_INVITED');
    expect(mayWatch(updateSettings(open, 'host', { spectatorsAllowed: false }).state, 'stranger')).toBe(false);
    // Public tables: anyone watches, and the setting does not exist there.
    expect(mayWatch(createTable(nlConfig()), 'stranger')).toBe(true);
    expect(code(() => updateSettings(createTable(nlConfig()), 'system', { spectatorsAllowed: true }))).toBe(
      'INVALID_CONFIG',
    );
  });

  it('public tables are administered by the platform only', () => {
    const tableState = createTable(nlConfig());
    expect(code(() => updateSettings(tableState, 'someone', { botsAllowed: true }))).toBe('NOT_HOST');
    expect(updateSettings(tableState, 'system', { botsAllowed: true }).state.config.botsAllowed).toBe(true);
  });
});
