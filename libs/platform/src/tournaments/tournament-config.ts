// Admin settings of a scheduled tournament: parsed with the contract's zod schema, then checked by
// libs/tournament (blind structure, prize tables, registration limits) and against the table
// runner (flop games with blinds, at most the game's seats).
import { issuesMessage, TournamentSettingsDto } from '@naiko/contracts';
import {
  GAME_MAX_SEATS,
  PRIZE_TABLES,
  prizeTableFor,
  validateBlindStructure,
  validatePrizeTable,
  validateRegistrationConfig,
  SCHEDULED_FORMAT,
  SCHEDULED_WHEN_FULL_FORMAT,
  SIT_AND_GO_FORMAT,
  SPIN_PLAYERS,
  spinPrizeTable,
  validateSpinTable,
  type LifecycleFormat,
  type PrizeTable,
  type RegistrationConfig,
} from '@naiko/tournament';
import { TournamentError } from './tournaments.errors';
import { satellitePrizeTable } from './satellites';
import { rebuyConfigOf } from './rebuys';
import { validateRebuyConfig } from '@naiko/tournament';

export type TournamentSettings = TournamentSettingsDto;

export function parseSettings(input: unknown): TournamentSettings {
  const parsed = TournamentSettingsDto.safeParse(input);
  if (!parsed.success) throw new TournamentError('BAD_SETTINGS', issuesMessage(parsed.error, input));
  return checkSettings(parsed.data);
}

export function checkSettings(settings: TournamentSettings): TournamentSettings {
  const bad = (why: string) => new TournamentError('BAD_SETTINGS', why);
  try {
    validateBlindStructure(settings.blindStructure);
    validateRegistrationConfig(registrationConfigOf(settings));
    for (const prizeTable of settings.prizeTables ?? []) validatePrizeTable(prizeTable);
    const rebuys = rebuyConfigOf(settings);
    if (rebuys) validateRebuyConfig(rebuys);
  } catch (err) {
    throw bad(err instanceof Error ? err.message : String(err));
  }
  const max = GAME_MAX_SEATS[settings.game];
  if (max !== undefined && settings.tableSize > max) throw bad(`${settings.game} seats at most ${max} players a table`);
  if (settings.startsAt === undefined && !settings.startWhenFull)
    throw bad('a tournament without a start time starts when full: set startWhenFull');
  if (settings.startsAt !== undefined && Date.parse(settings.registrationOpensAt) > Date.parse(settings.startsAt))
    throw bad('registration must open before the start');
  // It starts when the last entry is taken: nobody can enter after that.
  if (settings.startWhenFull && settings.lateRegistrationUntilLevel > 0)
    throw bad('a tournament that starts when full has no late registration');
  if (settings.spin) checkSpin(settings, bad);
  // Issue 25: a satellite's seats are counted from the entries' buy-ins, so it takes no rebuys.
  if (settings.satellite && settings.rebuys) throw bad('a satellite cannot have rebuys or add-ons');
  if (settings.satellite && settings.prizeTables) throw bad('a satellite pays seats: no prize tables');
  if (settings.prizeTables) {
    // Every possible field size needs a table.
    for (let n = settings.minEntrants; n <= settings.maxEntrants; n++) {
      if (!settings.prizeTables.some((t) => t.minEntrants <= n && n <= t.maxEntrants))
        throw bad(`no prize table for ${n} entrants`);
    }
  } else if (settings.maxEntrants > PRIZE_TABLES[PRIZE_TABLES.length - 1].maxEntrants) {
    throw bad('the published prize tables end at 10,000 entrants');
  }
  return settings;
}

/** A Spin: its published multiplier table, three entrants starting when full, and nothing else paying. */
function checkSpin(settings: TournamentSettings, bad: (why: string) => TournamentError): void {
  try {
    validateSpinTable(settings.spin!);
  } catch (err) {
    throw bad(err instanceof Error ? err.message : String(err));
  }
  if (settings.minEntrants !== SPIN_PLAYERS || settings.maxEntrants !== SPIN_PLAYERS || !settings.startWhenFull)
    throw bad(`a Spin has exactly ${SPIN_PLAYERS} entrants and starts when full`);
  if (settings.tableSize < SPIN_PLAYERS) throw bad(`a Spin plays at one table of ${SPIN_PLAYERS} seats or more`);
  if (settings.prizeTables || settings.rebuys || settings.bounty || settings.satellite)
    throw bad('a Spin pays its drawn multiplier: no prize tables, rebuys, bounty or satellite');
  if (settings.buyIn < 1) throw bad('a Spin needs a buy-in (its prize is multiplier × buy-in)');
}

export function registrationConfigOf(settings: TournamentSettings): RegistrationConfig {
  return {
    minEntrants: settings.minEntrants,
    maxEntrants: settings.maxEntrants,
    buyIn: settings.buyIn,
    fee: settings.fee,
    lateRegistrationUntilLevel: settings.lateRegistrationUntilLevel,
    reEntry: settings.reEntry,
    ...(settings.maxEntriesPerPlayer !== undefined ? { maxEntriesPerPlayer: settings.maxEntriesPerPlayer } : {}),
    startWhenFull: false,
  };
}

/**
 * Its lifecycle: a scheduled tournament; one that starts when full or at its start time; or, without
 * a start time, the Sit & Go's (it starts when full and only then, and cannot be cancelled after).
 */
export function lifecycleFormatOf(settings: Pick<TournamentSettings, 'startWhenFull' | 'startsAt'>): LifecycleFormat {
  if (!settings.startWhenFull) return SCHEDULED_FORMAT;
  return settings.startsAt === undefined ? SIT_AND_GO_FORMAT : SCHEDULED_WHEN_FULL_FORMAT;
}

/** The prize table for the final field: the admin's table for that size, else the published one. */
export function prizeTableOf(
  settings: TournamentSettings,
  entrants: number,
  spinMultiplier?: number | null,
): PrizeTable {
  // A Spin pays its drawn multiplier's split (before the draw: the split of the smallest).
  if (settings.spin) {
    const drawn = settings.spin.entries.find((e) => e.multiplier === spinMultiplier);
    return spinPrizeTable(drawn ?? [...settings.spin.entries].sort((a, b) => a.multiplier - b.multiplier)[0]);
  }
  const fieldSize = Math.max(2, entrants);
  const satellite = satellitePrizeTable(settings, fieldSize);
  if (satellite) return satellite;
  const custom = settings.prizeTables?.find((t) => t.minEntrants <= fieldSize && fieldSize <= t.maxEntrants);
  return custom ?? prizeTableFor(fieldSize);
}
