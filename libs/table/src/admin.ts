import { validateTableConfig, type TableConfig } from './config';
import { fail } from './errors';
import type { TableEvent, Transition } from './events';
import { vacateSeat } from './seating';
import type { TableState } from './state';

/**
 * The settings a host may change between hands (the seat count and the game's identity stay).
 * `spectatorsAllowed` is a private table's setting (PrivateSettings.spectatorsAllowed).
 */
export type SettingsPatch = Partial<
  Pick<
    TableConfig,
    | 'structure'
    | 'stakes'
    | 'buyIn'
    | 'clock'
    | 'botsAllowed'
    | 'naikoMode'
    | 'seatOfferMs'
    | 'protectionsPerDay'
    | 'homeGame'
  >
> & { spectatorsAllowed?: boolean };

/** Private tables: only the host acts. Public tables are administered by the platform itself, `by: 'system'`. */
function requireHost(state: TableState, by: string): void {
  const privateSettings = state.config.private;
  if (privateSettings ? privateSettings.hostId !== by : by !== 'system')
    fail('NOT_HOST', `${by} may not administer this table`);
}

/**
 * Changes settings between hands only; the whole new config is validated. Stacks already on the
 * table are not touched by a new buy-in range (table stakes bind only new chips).
 */
export function updateSettings(state: TableState, by: string, patch: SettingsPatch): Transition<TableState> {
  if (state.closed) fail('TABLE_CLOSED', 'the table is closed');
  requireHost(state, by);
  const { spectatorsAllowed, ...rest } = patch;
  // Who may watch is not part of the game: it changes at any time; everything else between hands.
  if (state.hand && Object.values(rest).some((v) => v !== undefined))
    fail('HAND_IN_PROGRESS', 'settings change between hands');
  if (spectatorsAllowed !== undefined && !state.config.private)
    fail('INVALID_CONFIG', 'spectatorsAllowed: only private tables have this setting');
  const config: TableConfig = {
    ...state.config,
    ...rest,
    ...(spectatorsAllowed !== undefined ? { private: { ...state.config.private!, spectatorsAllowed } } : {}),
    clock: { ...state.config.clock, ...(patch.clock ?? {}) },
    stakes: patch.stakes ? { ...patch.stakes } : state.config.stakes,
    buyIn: patch.buyIn ? { ...patch.buyIn } : state.config.buyIn,
  };
  validateTableConfig(config);
  // Turning bots off keeps seated bots (the platform removes them between hands); sparks exist only in Naiko mode.
  let seats = state.seats;
  if (!config.naikoMode) seats = seats.map((s) => (s && s.sparks ? { ...s, sparks: 0 } : s));
  // Bomb pots turned off: one the host asked for is no longer owed.
  const bombPotPending = config.homeGame?.bombPot ? state.bombPotPending : undefined;
  return {
    state: { ...state, config, seats, bombPotPending, version: state.version + 1 },
    events: [{ type: 'settingsChanged', by }],
  };
}

export function invite(state: TableState, by: string, playerId: string): Transition<TableState> {
  requireHost(state, by);
  const privateSettings = state.config.private;
  if (!privateSettings) fail('INVALID_CONFIG', 'only private tables have invitations');
  if (privateSettings.invited.includes(playerId)) return { state, events: [] };
  const config = { ...state.config, private: { ...privateSettings, invited: [...privateSettings.invited, playerId] } };
  return { state: { ...state, config, version: state.version + 1 }, events: [{ type: 'invited', playerId, by }] };
}

/** Sets or revokes (null) the invite code behind the invite link. */
export function setInviteCode(state: TableState, by: string, inviteCode: string | null): Transition<TableState> {
  requireHost(state, by);
  const privateSettings = state.config.private;
  if (!privateSettings) fail('INVALID_CONFIG', 'only private tables have invitations');
  const config = { ...state.config, private: { ...privateSettings, inviteCode } };
  return { state: { ...state, config, version: state.version + 1 }, events: [{ type: 'settingsChanged', by }] };
}

/**
 * Closes the table and returns every stack to its player. Not during a hand: the host waits for it
 * to end, or the platform cancels it first (`cancelHand`, which refunds everything put in).
 * A carry-over remainder belongs to no one; it is reported for the ledger to book.
 */
export function closeTable(state: TableState, by: string, now: number): Transition<TableState> {
  if (state.closed) fail('TABLE_CLOSED', 'the table is closed');
  requireHost(state, by);
  if (state.hand) fail('HAND_IN_PROGRESS', 'close the table between hands');
  let next: TableState = { ...state, waitingList: [], seatOffer: null };
  const events: TableEvent[] = [];
  next.seats.forEach((seatState, seat) => {
    if (!seatState) return;
    const transition = vacateSeat(next, seat, now, 'closed');
    next = transition.state;
    events.push(...transition.events.filter((e) => e.type === 'cashedOut'));
  });
  const undistributedCarryOver = next.carryOver;
  next = {
    ...next,
    closed: true,
    waitingList: [],
    seatOffer: null,
    carryOver: 0,
    chipsOut: next.chipsOut + undistributedCarryOver,
    version: next.version + 1,
  };
  events.push({ type: 'tableClosed', by, undistributedCarryOver });
  return { state: next, events };
}
