// Settings of fair play and responsible play (issue 26), read from the environment once at start-up.
// Thresholds of the signals are libs/table/src/fair-play's options; FAIR_PLAY_OPTIONS overrides them
// (JSON `{ "chipDump": {...}, "softPlay": {...}, "botTiming": {...}, "sameConnection": {...} }`),
// e.g. smaller samples in tests. A bad value stops the start with a message naming the variable.
import type { BotTimingOptions, ChipDumpOptions, SameConnectionOptions, SoftPlayOptions } from '@naiko/table';

export interface FairPlayOptions {
  /** Scan the stored hands every N ms (job scheduler `fair-play-scan`); 0 = only on demand. */
  scanEveryMs: number;
  /** Hands ended within this many hours are scanned. */
  scanHours: number;
  /** At most this many hands per scan (the newest). */
  scanMaxHands: number;
  chipDump: Partial<ChipDumpOptions>;
  softPlay: Partial<SoftPlayOptions>;
  botTiming: Partial<BotTimingOptions>;
  sameConnection: Partial<SameConnectionOptions>;
  /** Default minutes between reality checks (a player may choose his own). */
  realityCheckMinutes: number;
  /** Overrides realityCheckMinutes in ms (tests). */
  realityCheckEveryMs: number | null;
  /** How often the reality-check ticker looks at who plays. */
  realityCheckTickMs: number;
  /** FAIR_PLAY_TRUST_PROXY=true: behind a proxy, a client's address is the first X-Forwarded-For hop. */
  trustProxy: boolean;
}

export const FAIR_PLAY_OPTIONS = Symbol('FAIR_PLAY_OPTIONS');

/** Loopback addresses are one machine's (development, tests, a local proxy): never compared unless configured. */
const DEFAULT_SHARED_IPS = ['127.0.0.1', '::1'];

/**
 * The fair-play settings (FAIR_PLAY_*, REALITY_CHECK_*) of the app's environment (its ConfigSource:
 * the same variables the config schema sees), validated at boot: a bad one stops start-up naming it.
 */
export function fairPlayOptionsFromEnv(env: Record<string, string | undefined>): FairPlayOptions {
  const int = (name: string, fallback: number, min = 0, max = 2 ** 31 - 1): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const parsed = Number(raw);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max)
      throw new Error(`${name} must be an integer ${min}..${max}, got ${JSON.stringify(raw)}`);
    return parsed;
  };
  let overrides: Record<string, Record<string, unknown>> = {};
  if (env.FAIR_PLAY_OPTIONS) {
    try {
      overrides = JSON.parse(env.FAIR_PLAY_OPTIONS) as typeof overrides;
    } catch {
      throw new Error(
        'FAIR_PLAY_OPTIONS must be JSON: {"chipDump":{...},"softPlay":{...},"botTiming":{...},"sameConnection":{...}}',
      );
    }
  }
  const sharedIps =
    env.FAIR_PLAY_SHARED_IPS === undefined
      ? DEFAULT_SHARED_IPS
      : env.FAIR_PLAY_SHARED_IPS.split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  return {
    scanEveryMs: int('FAIR_PLAY_SCAN_EVERY_MS', 10 * 60_000),
    scanHours: int('FAIR_PLAY_SCAN_HOURS', 7 * 24, 1),
    scanMaxHands: int('FAIR_PLAY_SCAN_MAX_HANDS', 5_000, 1),
    chipDump: overrides.chipDump ?? {},
    softPlay: overrides.softPlay ?? {},
    botTiming: overrides.botTiming ?? {},
    sameConnection: { sharedIps, ...(overrides.sameConnection ?? {}) },
    realityCheckMinutes: int('REALITY_CHECK_MINUTES', 60, 1, 24 * 60),
    realityCheckEveryMs: env.REALITY_CHECK_EVERY_MS ? int('REALITY_CHECK_EVERY_MS', 0, 100) : null,
    realityCheckTickMs: int('REALITY_CHECK_TICK_MS', 30_000, 50),
    trustProxy: env.FAIR_PLAY_TRUST_PROXY === 'true',
  };
}
