import { disconnect, expireDisconnections, nextDeadline, reconnect, withinReconnectWindow } from './connection';
import { startHand } from './hand';
import { sitIn } from './seating';
import { nlConfig, plan, playQuietHand, tableWith } from './spec-helpers';

const config = nlConfig({
  clock: {
    decisionMs: 20_000,
    timeBankMs: 0,
    timeBankRefillPerHandMs: 0,
    drawDecisionMs: 30_000,
    shieldResponseMs: 8_000,
    reconnectWindowMs: 60_000,
  },
});

describe('connection and reconnection window (docs/rules/naiko.de.txt §7)', () => {
  it('a disconnect does not stop play: the player is still dealt in during the window', () => {
    let tableState = playQuietHand(tableWith([0, 1, 2], { config })).state;
    tableState = disconnect(tableState, 'p1', 1_000).state;
    expect(plan(tableState).dealtIn.map((d) => d.seat)).toContain(1);
  });

  it('reconnecting within the window keeps the same seat', () => {
    let tableState = tableWith([0, 1, 2], { config });
    tableState = disconnect(tableState, 'p1', 1_000).state;
    expect(withinReconnectWindow(tableState, 'p1', 60_999)).toBe(true);
    tableState = expireDisconnections(tableState, 60_999).state;
    const transition = reconnect(tableState, 'p1', 60_999);
    expect(transition.state.seats[1]).toMatchObject({ playerId: 'p1', connected: true, sittingOut: false });
  });

  it('after the window the player is sat out (and then misses blinds like anyone sitting out)', () => {
    let tableState = tableWith([0, 1, 2], { config });
    tableState = disconnect(tableState, 'p1', 1_000).state;
    expect(nextDeadline(tableState)).toBe(61_000);
    const transition = expireDisconnections(tableState, 61_000);
    expect(transition.events).toEqual([{ type: 'satOut', seat: 1, playerId: 'p1', reason: 'disconnected' }]);
    expect(plan(transition.state).dealtIn.map((d) => d.seat)).not.toContain(1);
    // Back later: same seat, still sitting out until he sits in.
    const back = reconnect(transition.state, 'p1', 90_000).state;
    expect(back.seats[1]).toMatchObject({ playerId: 'p1', sittingOut: true, connected: true });
    expect(sitIn(back, 'p1').state.seats[1]?.sittingOut).toBe(false);
  });

  it('a disconnect during a hand leaves the hand and its bets alone', () => {
    let tableState = tableWith([0, 1], { config });
    tableState = startHand(tableState, plan(tableState)).state;
    const transition = disconnect(tableState, 'p0', 5);
    expect(transition.state.hand).toEqual(tableState.hand);
    expect(transition.state.seats[0]?.stack).toBe(tableState.seats[0]?.stack);
  });
});
