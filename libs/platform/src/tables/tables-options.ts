// How this process hosts tables (TABLES_OPTIONS, provided by TablesModule from the validated config).
import type { AppConfig } from '../config/config.schema';

export interface TablesOptions {
  /** Pause between hands. */
  handPauseMs: number;
  /** Bots' thinking time. */
  botDelayMs: number;
  /** Run the crash rule and reopen cash_tables at boot. */
  recoverAtBoot: boolean;
  /** Seed for shuffles and table decisions (tests only; production uses the CSPRNG). */
  seed?: string;
  /** False: this copy hosts no tables and routes every table command (apps/lobby split out; TABLES_HOST=false). */
  hostTables?: boolean;
}

export const TABLES_OPTIONS = Symbol('TABLES_OPTIONS');

/**
 * The options from the validated config (TABLE_HAND_PAUSE_MS, TABLE_BOT_DELAY_MS, TABLE_SEED, TABLES_HOST), then
 * `overrides`.
 */
export function tablesOptionsFromConfig(
  config: Pick<AppConfig, 'TABLE_HAND_PAUSE_MS' | 'TABLE_BOT_DELAY_MS' | 'TABLE_SEED' | 'TABLES_HOST'>,
  overrides: Partial<TablesOptions> = {},
): TablesOptions {
  return {
    handPauseMs: config.TABLE_HAND_PAUSE_MS,
    botDelayMs: config.TABLE_BOT_DELAY_MS,
    recoverAtBoot: true,
    hostTables: config.TABLES_HOST,
    ...(config.TABLE_SEED ? { seed: config.TABLE_SEED } : {}),
    ...overrides,
  };
}
