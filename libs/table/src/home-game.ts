/**
 * Home-game options of a table (issue 23): what the host configures (`TableConfig.homeGame`), the
 * bomb-pot counter ("every N hands" or "on demand", which the engine cannot keep: it sees one hand),
 * and what each hand gets (`HandConfig.homeGame`, built by `toHandConfig`).
 */
import { getVariant, homeGameProblem, type HomeGameConfig } from '@naiko/engine';
import type { TableConfig } from './config';
import { fail } from './errors';
import type { TableEvent, Transition } from './events';
import type { NextHandPlan } from './plan';
import type { TableState } from './state';

export interface HomeGameSettings {
  /** Offer to run the board twice when all-in (each player still in must agree; a timeout declines). */
  runItTwice?: boolean;
  /** UTG posts a 2 × big blind straddle every hand with at least 4 players dealt in. */
  straddle?: boolean;
  /**
   * Bomb pots: everyone antes `ante`, no preflop betting. `everyHands`: every N-th hand of the table
   * (hand numbers N, 2N, ...); null/absent = only when the host asks (`requestBombPot`).
   * `doubleBoard`: two boards, each pot split between them.
   */
  bombPot?: { ante: number; everyHands?: number | null; doubleBoard?: boolean } | null;
  /** 7-2 bounty (Hold'em): chips each other player dealt in pays a shown 7-2 offsuit winner; 0/absent = off. */
  sevenDeuceBounty?: number;
  /** Rabbit hunt (off by default): show the board that would have come. */
  rabbitHunt?: boolean;
}

/** The engine options a setting enables on every hand (the bomb pot decided per hand). */
function engineOptions(homeGameSettings: HomeGameSettings, bombPot: boolean): HomeGameConfig {
  const out: HomeGameConfig = {};
  if (homeGameSettings.runItTwice) out.runItTwice = true;
  if (homeGameSettings.straddle) out.straddle = true;
  if (bombPot && homeGameSettings.bombPot)
    out.bombPot = {
      ante: homeGameSettings.bombPot.ante,
      ...(homeGameSettings.bombPot.doubleBoard ? { doubleBoard: true } : {}),
    };
  if (homeGameSettings.sevenDeuceBounty) out.sevenDeuceBounty = homeGameSettings.sevenDeuceBounty;
  if (homeGameSettings.rabbitHunt) out.rabbitHunt = true;
  return out;
}

/**
 * What is wrong with a table's home-game settings, or null: the engine's rules per game (straddle,
 * bomb pot, run it twice and rabbit hunt in flop games, the straddle in No Limit / Pot Limit / Half
 * Pot Limit, the 7-2 bounty in Texas Hold'em) and none in Naiko mode.
 */
export function homeGameSettingsProblem(
  config: Pick<TableConfig, 'game' | 'structure' | 'naikoMode' | 'homeGame'>,
): { field: string; message: string } | null {
  const homeGameSettings = config.homeGame;
  if (!homeGameSettings) return null;
  const posInt = (n: unknown): boolean => typeof n === 'number' && Number.isInteger(n) && n > 0;
  if (homeGameSettings.bombPot) {
    if (!posInt(homeGameSettings.bombPot.ante))
      return { field: 'homeGame.bombPot.ante', message: 'must be a positive integer' };
    if (
      homeGameSettings.bombPot.everyHands !== undefined &&
      homeGameSettings.bombPot.everyHands !== null &&
      (!posInt(homeGameSettings.bombPot.everyHands) || homeGameSettings.bombPot.everyHands < 2)
    ) {
      return {
        field: 'homeGame.bombPot.everyHands',
        message: 'must be an integer of at least 2 (or null: on demand only)',
      };
    }
  }
  if (
    homeGameSettings.sevenDeuceBounty !== undefined &&
    (!Number.isInteger(homeGameSettings.sevenDeuceBounty) || homeGameSettings.sevenDeuceBounty < 0)
  )
    return { field: 'homeGame.sevenDeuceBounty', message: 'must be a non-negative integer' };
  const options = engineOptions(homeGameSettings, true);
  if (config.naikoMode && Object.keys(options).length)
    return { field: 'homeGame', message: 'home-game options are not played in Naiko mode' };
  const problem = homeGameProblem(options, getVariant(config.game), { structure: config.structure });
  return problem ? { field: 'homeGame', message: problem } : null;
}

/**
 * Bomb-pot counter: a bomb pot is due on hand numbers N, 2N, ... (`everyHands`) or after the host
 * asked for one. It is dealt only on a hand without table posts (a new player's big blind has no
 * place in a hand without blinds): otherwise it waits for the next hand (`bombPotPending`).
 */
export function bombPotDue(state: Pick<TableState, 'config' | 'bombPotPending'>, handNumber: number): boolean {
  const bombPotRule = state.config.homeGame?.bombPot;
  if (!bombPotRule || state.config.naikoMode) return false;
  return !!state.bombPotPending || (!!bombPotRule.everyHands && handNumber % bombPotRule.everyHands === 0);
}

/** The host asks for a bomb pot on the next hand (private tables: the host; public tables: `by: 'system'`). */
export function requestBombPot(state: TableState, by: string): Transition<TableState> {
  if (state.closed) fail('TABLE_CLOSED', 'the table is closed');
  const privateSettings = state.config.private;
  if (privateSettings ? privateSettings.hostId !== by : by !== 'system')
    fail('NOT_HOST', `${by} may not administer this table`);
  if (!state.config.homeGame?.bombPot) fail('INVALID_CONFIG', 'homeGame.bombPot: this table has no bomb pots');
  if (state.bombPotPending) return { state, events: [] };
  const events: TableEvent[] = [{ type: 'bombPotRequested', by }];
  return { state: { ...state, bombPotPending: true, version: state.version + 1 }, events };
}

/** The engine's home-game options for a planned hand (undefined when the table has none). */
export function homeGameForHand(config: TableConfig, plan: Pick<NextHandPlan, 'bombPot'>): HomeGameConfig | undefined {
  if (!config.homeGame || config.naikoMode) return undefined;
  const out = engineOptions(config.homeGame, !!plan.bombPot);
  return Object.keys(out).length ? out : undefined;
}
