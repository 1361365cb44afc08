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

export function validateRegistrationConfig(c: RegistrationConfig): RegistrationConfig {
  const bad = (why: string) => new RegistrationError('bad-config', why);
  if (!Number.isSafeInteger(c.minEntrants) || c.minEntrants < 2) throw bad('minEntrants must be an integer >= 2');
  if (!Number.isSafeInteger(c.maxEntrants) || c.maxEntrants < c.minEntrants)
    throw bad('maxEntrants must be an integer >= minEntrants');
  if (!isNonNegInt(c.buyIn) || !isNonNegInt(c.fee)) throw bad('buyIn and fee must be integers >= 0');
  if (!isNonNegInt(c.lateRegistrationUntilLevel)) throw bad('lateRegistrationUntilLevel must be an integer >= 0');
  if (
    c.maxEntriesPerPlayer !== undefined &&
    (!Number.isSafeInteger(c.maxEntriesPerPlayer) || c.maxEntriesPerPlayer < 1)
  ) {
    throw bad('maxEntriesPerPlayer must be an integer >= 1');
  }
  if (c.startWhenFull && c.lateRegistrationUntilLevel > 0)
    throw bad('a start-when-full event has no late registration');
  return c;
}

export function createRegistration(config: RegistrationConfig): RegistrationState {
  return { config: validateRegistrationConfig(config), phase: 'announced', entries: [] };
}

/** Entries that count (paid and not refunded). */
export function paidEntries(s: RegistrationState): number {
  let n = 0;
  for (const e of s.entries) if (e.status === 'active' || e.status === 'busted') n++;
  return n;
}

export function activeEntries(s: RegistrationState): Entry[] {
  return s.entries.filter((e) => e.status === 'active');
}

export function prizePool(s: RegistrationState): number {
  return paidEntries(s) * s.config.buyIn;
}

/** Whether a new entry is accepted at `currentLevel` (ignored before the start). */
export function isRegistrationOpen(s: RegistrationState, currentLevel = 0): boolean {
  if (s.phase === 'open') return true;
  return s.phase === 'running' && lateRegistrationOpen(s.config, currentLevel);
}

function lateRegistrationOpen(c: RegistrationConfig, currentLevel: number): boolean {
  return c.lateRegistrationUntilLevel > 0 && currentLevel >= 1 && currentLevel <= c.lateRegistrationUntilLevel;
}

function refuseIfClosed(s: RegistrationState): void {
  if (s.phase === 'finished') throw new RegistrationError('already-finished', 'the tournament is over');
  if (s.phase === 'cancelled') throw new RegistrationError('already-cancelled', 'the tournament was cancelled');
}

export function openRegistration(s: RegistrationState): RegistrationTransition {
  refuseIfClosed(s);
  if (s.phase !== 'announced') throw new RegistrationError('already-started', `registration is already ${s.phase}`);
  return { state: { ...s, phase: 'open' }, events: [{ type: 'registration-opened' }] };
}

/**
 * A new entry for `playerId`. `currentLevel` (1-based) is required once the tournament runs, to
 * decide late registration.
 */
export function registerEntry(s: RegistrationState, playerId: string, currentLevel = 0): RegistrationTransition {
  refuseIfClosed(s);
  if (s.phase === 'announced') throw new RegistrationError('registration-not-open', 'registration has not opened yet');
  if (s.phase === 'running' && !lateRegistrationOpen(s.config, currentLevel)) {
    throw new RegistrationError(
      'late-registration-closed',
      `late registration closed after level ${s.config.lateRegistrationUntilLevel}`,
    );
  }
  const mine = s.entries.filter((e) => e.playerId === playerId);
  if (mine.some((e) => e.status === 'active'))
    throw new RegistrationError('already-registered', `${playerId} already has a live entry`);
  const busted = mine.filter((e) => e.status === 'busted').length;
  if (busted > 0) {
    if (!s.config.reEntry) throw new RegistrationError('re-entry-not-allowed', 'this tournament has no re-entry');
    const limit = s.config.maxEntriesPerPlayer ?? Infinity;
    if (busted >= limit) throw new RegistrationError('re-entry-not-allowed', `at most ${limit} entries per player`);
  }
  if (paidEntries(s) >= s.config.maxEntrants)
    throw new RegistrationError('tournament-full', `the tournament is full (${s.config.maxEntrants})`);
  const entry: Entry = {
    entryId: s.entries.length + 1,
    playerId,
    status: 'active',
    late: s.phase === 'running',
    reEntry: busted > 0,
  };
  const { buyIn, fee } = s.config;
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
  let state: RegistrationState = { ...s, entries: [...s.entries, entry] };
  if (state.phase === 'open' && state.config.startWhenFull && paidEntries(state) === state.config.maxEntrants) {
    const started = startTournament(state);
    state = started.state;
    events.push(...started.events);
  }
  return { state, events };
}

/** Before the start only: the live entry is withdrawn and buy-in + fee refunded. */
export function unregisterEntry(s: RegistrationState, playerId: string): RegistrationTransition {
  refuseIfClosed(s);
  if (s.phase === 'running') throw new RegistrationError('already-started', 'unregistration closes at the start');
  const entry = s.entries.find((e) => e.playerId === playerId && e.status === 'active');
  if (!entry) throw new RegistrationError('not-registered', `${playerId} is not registered`);
  const entries = s.entries.map((e) => (e === entry ? { ...e, status: 'unregistered' as const } : e));
  return {
    state: { ...s, entries },
    events: [{ type: 'unregistered', entryId: entry.entryId, playerId, refund: s.config.buyIn + s.config.fee }],
  };
}

function refundAll(s: RegistrationState, reason: 'too-few-entrants' | 'by-admin'): RegistrationTransition {
  const refunds: Refund[] = [];
  const amount = s.config.buyIn + s.config.fee;
  const entries = s.entries.map((e) => {
    if (e.status !== 'active' && e.status !== 'busted') return e;
    refunds.push({ entryId: e.entryId, playerId: e.playerId, amount });
    return { ...e, status: 'refunded' as const };
  });
  return { state: { ...s, phase: 'cancelled', entries }, events: [{ type: 'cancelled', reason, refunds }] };
}

/** At the start time: starts, or cancels with refunds when fewer than `minEntrants` registered. */
export function startTournament(s: RegistrationState): RegistrationTransition {
  refuseIfClosed(s);
  if (s.phase === 'running') throw new RegistrationError('already-started', 'the tournament is already running');
  const entrants = paidEntries(s);
  if (entrants < s.config.minEntrants) return refundAll(s, 'too-few-entrants');
  return {
    state: { ...s, phase: 'running' },
    events: [{ type: 'started', entrants, prizePool: entrants * s.config.buyIn }],
  };
}

/** Admin cancellation at any time before the end: everyone's entries are refunded. */
export function cancelTournament(s: RegistrationState): RegistrationTransition {
  refuseIfClosed(s);
  return refundAll(s, 'by-admin');
}

export function bustEntry(s: RegistrationState, entryId: number): RegistrationTransition {
  if (s.phase !== 'running') throw new RegistrationError('not-running', 'only a running tournament has busts');
  const entry = s.entries[entryId - 1];
  if (!entry) throw new RegistrationError('unknown-entry', `no entry ${entryId}`);
  if (entry.status !== 'active') throw new RegistrationError('entry-not-active', `entry ${entryId} is ${entry.status}`);
  const entries = s.entries.slice();
  entries[entryId - 1] = { ...entry, status: 'busted' };
  return { state: { ...s, entries }, events: [{ type: 'busted', entryId, playerId: entry.playerId }] };
}

/** Ends the tournament (prizes are paid from `payStandings`). */
export function finishTournament(s: RegistrationState): RegistrationTransition {
  if (s.phase !== 'running') throw new RegistrationError('not-running', 'only a running tournament can finish');
  const entrants = paidEntries(s);
  return {
    state: { ...s, phase: 'finished' },
    events: [{ type: 'finished', entrants, prizePool: entrants * s.config.buyIn }],
  };
}
