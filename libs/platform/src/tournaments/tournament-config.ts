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
  type PrizeTable,
  type RegistrationConfig,
} from '@naiko/tournament';
import { TournamentError } from './tournaments.errors';
import { satellitePrizeTable } from './satellites';
import { rebuyConfigOf } from './rebuys';
import { validateRebuyConfig } from '@naiko/tournament';

export type TournamentSettings = TournamentSettingsDto;

export function parseSettings(input: unknown): TournamentSettings {
  const r = TournamentSettingsDto.safeParse(input);
  if (!r.success) throw new TournamentError('BAD_SETTINGS', issuesMessage(r.error, input));
  return checkSettings(r.data);
}

export function checkSettings(s: TournamentSettings): TournamentSettings {
  const bad = (why: string) => new TournamentError('BAD_SETTINGS', why);
  try {
    validateBlindStructure(s.blindStructure);
    validateRegistrationConfig(registrationConfigOf(s));
    for (const t of s.prizeTables ?? []) validatePrizeTable(t);
    const rebuys = rebuyConfigOf(s);
    if (rebuys) validateRebuyConfig(rebuys);
  } catch (err) {
    throw bad(err instanceof Error ? err.message : String(err));
  }
  const max = GAME_MAX_SEATS[s.game];
  if (max !== undefined && s.tableSize > max) throw bad(`${s.game} seats at most ${max} players a table`);
  if (Date.parse(s.registrationOpensAt) > Date.parse(s.startsAt)) throw bad('registration must open before the start');
  // Issue 25: a satellite's seats are counted from the entries' buy-ins, so it takes no rebuys.
  if (s.satellite && s.rebuys) throw bad('a satellite cannot have rebuys or add-ons');
  if (s.satellite && s.prizeTables) throw bad('a satellite pays seats: no prize tables');
  if (s.prizeTables) {
    // Every possible field size needs a table.
    for (let n = s.minEntrants; n <= s.maxEntrants; n++) {
      if (!s.prizeTables.some((t) => t.minEntrants <= n && n <= t.maxEntrants))
        throw bad(`no prize table for ${n} entrants`);
    }
  } else if (s.maxEntrants > PRIZE_TABLES[PRIZE_TABLES.length - 1].maxEntrants) {
    throw bad('the published prize tables end at 10,000 entrants');
  }
  return s;
}

export function registrationConfigOf(s: TournamentSettings): RegistrationConfig {
  return {
    minEntrants: s.minEntrants,
    maxEntrants: s.maxEntrants,
    buyIn: s.buyIn,
    fee: s.fee,
    lateRegistrationUntilLevel: s.lateRegistrationUntilLevel,
    reEntry: s.reEntry,
    ...(s.maxEntriesPerPlayer !== undefined ? { maxEntriesPerPlayer: s.maxEntriesPerPlayer } : {}),
    startWhenFull: false,
  };
}

/** The prize table for the final field: the admin's table for that size, else the published one. */
export function prizeTableOf(s: TournamentSettings, entrants: number): PrizeTable {
  const n = Math.max(2, entrants);
  const satellite = satellitePrizeTable(s, n);
  if (satellite) return satellite;
  const custom = s.prizeTables?.find((t) => t.minEntrants <= n && n <= t.maxEntrants);
  return custom ?? prizeTableFor(n);
}
