// A Sit & Go or Spin template as the settings of a scheduled tournament (issue 21 item 2: the Sit
// & Go's formats as configurations of the one tournament lifecycle). Instance `n` of a template is
// a tournament without a start time that starts when its seats are taken: minimum and maximum
// entrants = the seats, one table, the template's buy-in, fee, stack, blinds, clock and prize table
// (a Spin: its multiplier table). Its test keeps every published template one the tournament runs.
import type { TournamentSettingsDto } from '@naiko/contracts';
import { DEFAULT_CLOCK } from '@naiko/table';
import type { SitAndGoTemplate } from '@naiko/tournament';

/**
 * The clock of a Sit & Go table: the template's decision time and reconnection window; the time
 * bank (the template has none) is twice the decision time, at most the cash tables' 30 s — a
 * player who thinks long now and then is not folded at once, a silent one costs the table little.
 */
export function sngClock(template: SitAndGoTemplate): { decisionMs: number; reconnectMs: number; timeBankMs: number } {
  const own = (template.clock as { timeBankMs?: number }).timeBankMs;
  return {
    decisionMs: template.clock.decisionMs,
    reconnectMs: template.clock.reconnectMs,
    timeBankMs: own ?? Math.min(DEFAULT_CLOCK.timeBankMs, 2 * template.clock.decisionMs),
  };
}

/** The betting structures a scheduled tournament deals (a template's spread limit is not one). */
const TOURNAMENT_STRUCTURES = ['no-limit', 'pot-limit', 'half-pot-limit', 'fixed-limit'] as const;
type TournamentStructure = (typeof TOURNAMENT_STRUCTURES)[number];

/** The settings of instance `instanceNumber` of `template`, registration open from `now`. */
export function tournamentSettingsOf(
  template: SitAndGoTemplate,
  instanceNumber: number,
  now = Date.now(),
): TournamentSettingsDto {
  const structure = template.bettingStructure;
  if (!(TOURNAMENT_STRUCTURES as readonly string[]).includes(structure))
    throw new Error(`template ${template.templateId}: a tournament does not deal ${structure}`);
  return {
    name: `${template.name} #${instanceNumber}`,
    game: template.game as TournamentSettingsDto['game'],
    bettingStructure: structure as TournamentStructure,
    registrationOpensAt: new Date(now).toISOString(),
    startWhenFull: true,
    lateRegistrationUntilLevel: 0,
    minEntrants: template.seats,
    maxEntrants: template.seats,
    buyIn: template.buyIn,
    fee: template.entryFee,
    startingStack: template.startingStack,
    blindStructure: { name: template.blindStructure.name, steps: template.blindStructure.steps },
    ...(template.kind === 'spin' && template.spinTable
      ? {
          spin: {
            name: template.spinTable.name,
            entries: template.spinTable.entries.map((e) => ({ ...e, splitPpm: [...e.splitPpm] })),
          },
        }
      : template.prizeTable
        ? { prizeTables: [{ ...template.prizeTable, bands: template.prizeTable.bands.map((band) => ({ ...band })) }] }
        : {}),
    tableSize: template.seats,
    reEntry: false,
    clock: sngClock(template),
  };
}
