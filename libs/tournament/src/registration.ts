/**
 * Registration as pure state transitions. Each transition returns the new state and the events the
 * platform must carry out (ledger postings, lobby updates); a refused transition throws a
 * `RegistrationError` and changes nothing.
 *
 * Money: an entry costs `buyIn + fee`; the buy-in goes to the prize pool, the fee to the house.
 * Unregistering before the start refunds both. A cancellation (by an admin, or automatically at the
 * start with fewer than `minEntrants`) refunds `buyIn + fee` of every entry that has not been refunded
 * yet, busted entries and re-entries included: the tournament never happened.
 *
 * Late registration: while the tournament runs, entries are accepted while the current level is at
 * most `lateRegistrationUntilLevel` (0 = no late registration). Re-entry: a player whose entries have
 * all busted may buy a new entry while late registration is open, if `reEntry` is allowed and he has
 * fewer than `maxEntriesPerPlayer` entries. `maxEntrants` caps all entries (re-entries count).
 */
import { RegistrationError } from './errors';

export interface RegistrationConfig {
  readonly minEntrants: number;
  readonly maxEntrants: number;
  readonly buyIn: number;
  readonly fee: number;
  /** Last level (1-based) at which late entries are taken; 0 = none. */
  readonly lateRegistrationUntilLevel: number;
  readonly reEntry: boolean;
  /** Entries one player may buy in total (first entry included). Default: unlimited with re-entry. */
  readonly maxEntriesPerPlayer?: number;
  /** Sit & Go: the tournament starts the moment the last seat is taken. */
  readonly startWhenFull: boolean;
}

export type RegistrationPhase = 'announced' | 'open' | 'running' | 'finished' | 'cancelled';

export type EntryStatus = 'active' | 'busted' | 'unregistered' | 'refunded';

export interface Entry {
  /** 1-based, in order of registration. */
  readonly entryId: number;
  readonly playerId: string;
  readonly status: EntryStatus;
  /** True for entries bought after the start. */
  readonly late: boolean;
  /** True for a new entry after this player's earlier entry busted. */
  readonly reEntry: boolean;
}

export interface RegistrationState {
  readonly config: RegistrationConfig;
  readonly phase: RegistrationPhase;
  readonly entries: readonly Entry[];
}

export interface Refund {
  readonly entryId: number;
  readonly playerId: string;
  readonly amount: number;
}

export type RegistrationEvent =
  | {
      readonly type: 'registered';
      readonly entryId: number;
      readonly playerId: string;
      readonly late: boolean;
      readonly reEntry: boolean;
      /** Debited from the player's account: buy-in + fee. */
      readonly charge: number;
      readonly toPrizePool: number;
      readonly fee: number;
    }
  | { readonly type: 'unregistered'; readonly entryId: number; readonly playerId: string; readonly refund: number }
  | { readonly type: 'registration-opened' }
  | { readonly type: 'started'; readonly entrants: number; readonly prizePool: number }
  | { readonly type: 'busted'; readonly entryId: number; readonly playerId: string }
  | { readonly type: 'finished'; readonly entrants: number; readonly prizePool: number }
  | {
      readonly type: 'cancelled';
      readonly reason: 'too-few-entrants' | 'by-admin';
      readonly refunds: readonly Refund[];
    };

export interface RegistrationTransition {
  readonly state: RegistrationState;
  readonly events: readonly RegistrationEvent[];
}

const isNonNegInt = (n: number) => Number.isSafeInteger(n) && n >= 0;

export function validateRegistrationConfig(config: RegistrationConfig): RegistrationConfig {
  const bad = (why: string) => new RegistrationError('bad-config', why);
  if (!Number.isSafeInteger(config.minEntrants) || config.minEntrants < 2)
    throw bad('minEntrants must be an integer >= 2');
  if (!Number.isSafeInteger(config.maxEntrants) || config.maxEntrants < config.minEntrants)
    throw bad('maxEntrants must be an integer >= minEntrants');
  if (!isNonNegInt(config.buyIn) || !isNonNegInt(config.fee)) throw bad('buyIn and fee must be integers >= 0');
  if (!isNonNegInt(config.lateRegistrationUntilLevel)) throw bad('lateRegistrationUntilLevel must be an integer >= 0');
  if (
    config.maxEntriesPerPlayer !== undefined &&
    (!Number.isSafeInteger(config.maxEntriesPerPlayer) || config.maxEntriesPerPlayer < 1)
  ) {
    throw bad('maxEntriesPerPlayer must be an integer >= 1');
  }
  if (config.startWhenFull && config.lateRegistrationUntilLevel > 0)
    throw bad('a start-when-full event has no late registration');
  return config;
}

export function createRegistration(config: RegistrationConfig): RegistrationState {
  return { config: validateRegistrationConfig(config), phase: 'announced', entries: [] };
}

/** Entries that count (paid and not refunded). */
export function paidEntries(state: RegistrationState): number {
  let entries = 0;
  for (const entry of state.entries) if (entry.status === 'active' || entry.status === 'busted') entries++;
  return entries;
}

export function activeEntries(state: RegistrationState): Entry[] {
  return state.entries.filter((e) => e.status === 'active');
}

export function prizePool(state: RegistrationState): number {
  return paidEntries(state) * state.config.buyIn;
}

/** Whether a new entry is accepted at `currentLevel` (ignored before the start). */
export function isRegistrationOpen(state: RegistrationState, currentLevel = 0): boolean {
  if (state.phase === 'open') return true;
  return state.phase === 'running' && lateRegistrationOpen(state.config, currentLevel);
}

function lateRegistrationOpen(config: RegistrationConfig, currentLevel: number): boolean {
  return (
    config.lateRegistrationUntilLevel > 0 && currentLevel >= 1 && currentLevel <= config.lateRegistrationUntilLevel
  );
}

function refuseIfClosed(state: RegistrationState): void {
  if (state.phase === 'finished') throw new RegistrationError('already-finished', 'the tournament is over');
  if (state.phase === 'cancelled') throw new RegistrationError('already-cancelled', 'the tournament was cancelled');
}

export function openRegistration(registrationState: RegistrationState): RegistrationTransition {
  refuseIfClosed(registrationState);
  if (registrationState.phase !== 'announced')
    throw new RegistrationError('already-started', `registration is already ${registrationState.phase}`);
  return { state: { ...registrationState, phase: 'open' }, events: [{ type: 'registration-opened' }] };
}

/**
 * A new entry for `playerId`. `currentLevel` (1-based) is required once the tournament runs, to
 * decide late registration.
 */
export function registerEntry(
  registrationState: RegistrationState,
  playerId: string,
  currentLevel = 0,
): RegistrationTransition {
  refuseIfClosed(registrationState);
  if (registrationState.phase === 'announced')
    throw new RegistrationError('registration-not-open', 'registration has not opened yet');
  if (registrationState.phase === 'running' && !lateRegistrationOpen(registrationState.config, currentLevel)) {
    throw new RegistrationError(
      'late-registration-closed',
      `late registration closed after level ${registrationState.config.lateRegistrationUntilLevel}`,
    );
  }
  const mine = registrationState.entries.filter((e) => e.playerId === playerId);
  if (mine.some((e) => e.status === 'active'))
    throw new RegistrationError('already-registered', `${playerId} already has a live entry`);
  const busted = mine.filter((e) => e.status === 'busted').length;
  if (busted > 0) {
    if (!registrationState.config.reEntry)
      throw new RegistrationError('re-entry-not-allowed', 'this tournament has no re-entry');
    const limit = registrationState.config.maxEntriesPerPlayer ?? Infinity;
    if (busted >= limit) throw new RegistrationError('re-entry-not-allowed', `at most ${limit} entries per player`);
  }
  if (paidEntries(registrationState) >= registrationState.config.maxEntrants)
    throw new RegistrationError('tournament-full', `the tournament is full (${registrationState.config.maxEntrants})`);
  const entry: Entry = {
    entryId: registrationState.entries.length + 1,
    playerId,
    status: 'active',
    late: registrationState.phase === 'running',
    reEntry: busted > 0,
  };
  const { buyIn, fee } = registrationState.config;
  const events: RegistrationEvent[] = [
    {
      type: 'registered',
      entryId: entry.entryId,
      playerId,
      late: entry.late,
      reEntry: entry.reEntry,
      charge: buyIn + fee,
      toPrizePool: buyIn,
      fee,
    },
  ];
  let state: RegistrationState = { ...registrationState, entries: [...registrationState.entries, entry] };
  if (state.phase === 'open' && state.config.startWhenFull && paidEntries(state) === state.config.maxEntrants) {
    const started = startTournament(state);
    state = started.state;
    events.push(...started.events);
  }
  return { state, events };
}

/** Before the start only: the live entry is withdrawn and buy-in + fee refunded. */
export function unregisterEntry(registrationState: RegistrationState, playerId: string): RegistrationTransition {
  refuseIfClosed(registrationState);
  if (registrationState.phase === 'running')
    throw new RegistrationError('already-started', 'unregistration closes at the start');
  const entry = registrationState.entries.find((e) => e.playerId === playerId && e.status === 'active');
  if (!entry) throw new RegistrationError('not-registered', `${playerId} is not registered`);
  const entries = registrationState.entries.map((e) => (e === entry ? { ...e, status: 'unregistered' as const } : e));
  return {
    state: { ...registrationState, entries },
    events: [
      {
        type: 'unregistered',
        entryId: entry.entryId,
        playerId,
        refund: registrationState.config.buyIn + registrationState.config.fee,
      },
    ],
  };
}

function refundAll(
  registrationState: RegistrationState,
  reason: 'too-few-entrants' | 'by-admin',
): RegistrationTransition {
  const refunds: Refund[] = [];
  const amount = registrationState.config.buyIn + registrationState.config.fee;
  const entries = registrationState.entries.map((entry) => {
    if (entry.status !== 'active' && entry.status !== 'busted') return entry;
    refunds.push({ entryId: entry.entryId, playerId: entry.playerId, amount });
    return { ...entry, status: 'refunded' as const };
  });
  return {
    state: { ...registrationState, phase: 'cancelled', entries },
    events: [{ type: 'cancelled', reason, refunds }],
  };
}

/** At the start time: starts, or cancels with refunds when fewer than `minEntrants` registered. */
export function startTournament(registrationState: RegistrationState): RegistrationTransition {
  refuseIfClosed(registrationState);
  if (registrationState.phase === 'running')
    throw new RegistrationError('already-started', 'the tournament is already running');
  const entrants = paidEntries(registrationState);
  if (entrants < registrationState.config.minEntrants) return refundAll(registrationState, 'too-few-entrants');
  return {
    state: { ...registrationState, phase: 'running' },
    events: [{ type: 'started', entrants, prizePool: entrants * registrationState.config.buyIn }],
  };
}

/** Admin cancellation at any time before the end: everyone's entries are refunded. */
export function cancelTournament(state: RegistrationState): RegistrationTransition {
  refuseIfClosed(state);
  return refundAll(state, 'by-admin');
}

export function bustEntry(registrationState: RegistrationState, entryId: number): RegistrationTransition {
  if (registrationState.phase !== 'running')
    throw new RegistrationError('not-running', 'only a running tournament has busts');
  const entry = registrationState.entries[entryId - 1];
  if (!entry) throw new RegistrationError('unknown-entry', `no entry ${entryId}`);
  if (entry.status !== 'active') throw new RegistrationError('entry-not-active', `entry ${entryId} is ${entry.status}`);
  const entries = registrationState.entries.slice();
  entries[entryId - 1] = { ...entry, status: 'busted' };
  return { state: { ...registrationState, entries }, events: [{ type: 'busted', entryId, playerId: entry.playerId }] };
}

/** Ends the tournament (prizes are paid from `payStandings`). */
export function finishTournament(registrationState: RegistrationState): RegistrationTransition {
  if (registrationState.phase !== 'running')
    throw new RegistrationError('not-running', 'only a running tournament can finish');
  const entrants = paidEntries(registrationState);
  return {
    state: { ...registrationState, phase: 'finished' },
    events: [{ type: 'finished', entrants, prizePool: entrants * registrationState.config.buyIn }],
  };
}
