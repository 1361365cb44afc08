// The published Sit & Go and Spin offers. A template is the libs/tournament `SitAndGoTemplate`;
// each instance stores a copy when it opens, so a running game never changes under its players.
// A Sit & Go's table takes its stakes from the blind structure's levels (small/big blind, antes)
// and moves its blinds by the dead-button rule, so it deals flop games with blinds; other games
// (stud's bring-in and limits, draw) are refused here rather than half supported.
import { FLOP_GAME_IDS } from '@naiko/contracts';
import {
  HYPER_TURBO_STRUCTURE,
  TURBO_STRUCTURE,
  fastModeStructure,
  spinTemplate,
  validateSitAndGoTemplate,
  type SitAndGoTemplate,
} from '@naiko/tournament';

/** The games a Sit & Go table deals: the flop games of the engine's list. */
export const RUNNER_GAMES: readonly string[] = FLOP_GAME_IDS;

export function checkTemplate(template: SitAndGoTemplate): SitAndGoTemplate {
  validateSitAndGoTemplate(template);
  if (!RUNNER_GAMES.includes(template.game)) {
    throw new Error(
      `template ${template.templateId}: game ${template.game} is not dealt at Sit & Go tables (only ${RUNNER_GAMES.join(', ')})`,
    );
  }
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(template.templateId))
    throw new Error(`template id "${template.templateId}" must be 1-40 letters, digits, _ or -`);
  return template;
}

export const DEFAULT_TEMPLATES: readonly SitAndGoTemplate[] = [
  {
    templateId: 'sng-holdem-6-100',
    name: "Hold'em Sit & Go 6-max, 100 + 10",
    game: 'holdem',
    bettingStructure: 'no-limit',
    kind: 'sit-and-go',
    seats: 6,
    buyIn: 100,
    entryFee: 10,
    startingStack: 1500,
    blindStructure: TURBO_STRUCTURE,
    prizeTable: null,
    spinTable: null,
    clock: { decisionMs: 15_000, reconnectMs: 30_000 },
  },
  { ...spinTemplate('spin-10', 10, 1), blindStructure: HYPER_TURBO_STRUCTURE },
];

/** Fast mode (tests, demos): short levels and breaks on the same shape. */
export function fastTemplate(
  base: SitAndGoTemplate,
  templateId: string,
  levelMs = 300,
  breakMs = 200,
  breakEvery = 3,
): SitAndGoTemplate {
  return checkTemplate({
    ...base,
    templateId,
    blindStructure: fastModeStructure(levelMs, breakMs, breakEvery),
    clock: { decisionMs: 1_000, reconnectMs: 0 },
  });
}
