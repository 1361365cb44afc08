import { closeTable, invite, setInviteCode, updateSettings } from './admin';
import { cancelHand, startHand } from './hand';
import { join, mayWatch } from './seating';
import { code, nlConfig, plan } from './spec-helpers';
import { chipsAtTable, createTable, type TableState } from './state';

function hosted(): TableState {
  let s = createTable(nlConfig({ private: { hostId: 'host', invited: ['a'], inviteCode: null } }));
  s = join(s, { playerId: 'host', name: 'Host', buyIn: 1000, now: 0 }).state;
  s = join(s, { playerId: 'a', name: 'A', buyIn: 700, now: 0 }).state;
  return s;
}

describe('private tables: host-only settings, invitations, closing', () => {
  it('only the host may change settings, and only between hands', () => {
    const s = hosted();
    expect(code(() => updateSettings(s, 'a', { botsAllowed: true }))).toBe('NOT_HOST');
    expect(updateSettings(s, 'host', { botsAllowed: true }).state.config.botsAllowed).toBe(true);
    const running = startHand(s, plan(s)).state;
    expect(code(() => updateSettings(running, 'host', { botsAllowed: true }))).toBe('HAND_IN_PROGRESS');
  });

  it('settings are validated as a whole: No Limit without a maximum buy-in is refused', () => {
    expect(code(() => updateSettings(hosted(), 'host', { buyIn: { min: 100, max: null } }))).toBe('INVALID_CONFIG');
  });

  it('the host invites by player and by invite code', () => {
    let s = invite(hosted(), 'host', 'b').state;
    expect(join(s, { playerId: 'b', name: 'B', buyIn: 500, now: 0 }).state.seats[2]?.playerId).toBe('b');
    s = setInviteCode(s, 'host', 'CODE1').state;
    expect(
      join(s, { playerId: 'c', name: 'C', buyIn: 500, now: 0, inviteCode: 'CODE1' }).state.seats[2]?.playerId,
    ).toBe('c');
    expect(code(() => invite(s, 'a', 'd'))).toBe('NOT_HOST');
  });

  it('closing the table returns every stack; only the host may close it', () => {
    const s = hosted();
    expect(code(() => closeTable(s, 'a', 0))).toBe('NOT_HOST');
    const r = closeTable(s, 'host', 0);
    expect(r.events.filter((e) => e.type === 'cashedOut')).toEqual([
      { type: 'cashedOut', seat: 0, playerId: 'host', amount: 1000, reason: 'closed' },
      { type: 'cashedOut', seat: 1, playerId: 'a', amount: 700, reason: 'closed' },
    ]);
    expect(r.state.closed).toBe(true);
    expect(chipsAtTable(r.state)).toBe(0);
    expect(code(() => join(r.state, { playerId: 'a', name: 'A', buyIn: 500, now: 0 }))).toBe('TABLE_CLOSED');
  });

  it('closing during a hand is refused; the platform cancels the hand first and every pre-hand stack goes back', () => {
    const s = hosted();
    const running = startHand(s, plan(s)).state;
    expect(code(() => closeTable(running, 'host', 0))).toBe('HAND_IN_PROGRESS');
    const r = closeTable(cancelHand(running, 0).state, 'host', 0);
    expect(r.events.filter((e) => e.type === 'cashedOut').map((e) => (e as { amount: number }).amount)).toEqual([
      1000, 700,
    ]);
  });

  it('who may watch a private table: host, invitees, code holders, seated players; anyone once the host allows spectators', () => {
    let s = setInviteCode(hosted(), 'host', 'CODE1').state;
    expect(mayWatch(s, 'host')).toBe(true);
    expect(mayWatch(s, 'a')).toBe(true);
    expect(mayWatch(s, 'stranger')).toBe(false);
    expect(mayWatch(s, 'stranger', 'WRONG')).toBe(false);
    expect(mayWatch(s, 'stranger', 'CODE1')).toBe(true);
    // Seated with the code, he keeps watching after the code is revoked.
    s = join(s, { playerId: 'c', name: 'C', buyIn: 500, now: 0, inviteCode: 'CODE1' }).state;
    s = setInviteCode(s, 'host', null).state;
    expect(mayWatch(s, 'c')).toBe(true);
    expect(code(() => updateSettings(s, 'a', { spectatorsAllowed: true }))).toBe('NOT_HOST');
    // An access setting, not a game one: it changes during a hand too.
    expect(
      updateSettings(startHand(s, plan(s)).state, 'host', { spectatorsAllowed: true }).state.config.private
        ?.spectatorsAllowed,
    ).toBe(true);
    const open = updateSettings(s, 'host', { spectatorsAllowed: true }).state;
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
    const s = createTable(nlConfig());
    expect(code(() => updateSettings(s, 'someone', { botsAllowed: true }))).toBe('NOT_HOST');
    expect(updateSettings(s, 'system', { botsAllowed: true }).state.config.botsAllowed).toBe(true);
  });
});
