// The room a fresh install opens: `config/room.json` (env ROOM_CONFIG names another file; `off`
// opens nothing — the tests' default). Read once at start-up, checked with zod, so a bad edit
// stops the app with a message naming the field. The admin edits the file and restarts.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { CreateTableBody, FLOP_GAME_IDS } from '@naiko/contracts';

export const DefaultTable = CreateTableBody.extend({
  /** Opens once per key: a key already in the database (open or closed) is left as it is. */
  key: z.string().regex(/^[a-z0-9-]{1,60}$/, 'lower-case letters, digits and -'),
});
export type DefaultTable = z.infer<typeof DefaultTable>;

export const HourlyTournament = z.strictObject({
  enabled: z.boolean(),
  /** One tournament starts every this many minutes, on the clock (60: every full hour). */
  everyMinutes: z.number().int().min(5).max(1440),
  /** Created (registration open) this many minutes before it starts. */
  announceMinutes: z.number().int().min(1).max(1440),
  name: z.string().trim().min(1).max(80),
  game: z.enum(FLOP_GAME_IDS),
  bettingStructure: z.enum(['no-limit', 'pot-limit', 'half-pot-limit', 'fixed-limit']),
  buyIn: z.number().int().min(0).max(1_000_000),
  fee: z.number().int().min(0).max(1_000_000),
  startingStack: z.number().int().min(100).max(10_000_000),
  minEntrants: z.number().int().min(2).max(10_000),
  maxEntrants: z.number().int().min(2).max(10_000),
  tableSize: z.number().int().min(2).max(10),
  lateRegistrationUntilLevel: z.number().int().min(0).max(50),
  reEntry: z.boolean(),
  levelMinutes: z.number().int().min(1).max(120),
  decisionSeconds: z.number().int().min(5).max(120),
});
export type HourlyTournament = z.infer<typeof HourlyTournament>;

export const RoomSitAndGo = z.strictObject({
  /** Template id → seconds after the first registration when bots take the seats still free. */
  botFillAfterSeconds: z.record(z.string(), z.number().int().min(1).max(3600)),
});

export const RoomConfig = z.strictObject({
  _comment: z.string().optional(),
  tables: z.array(DefaultTable).max(100),
  sitAndGo: RoomSitAndGo.optional(),
  hourlyTournament: HourlyTournament.optional(),
});
export type RoomConfig = z.infer<typeof RoomConfig>;

/** Where the room file is: ROOM_CONFIG (`off`/empty = none), else `config/room.json` of the checkout. */
export function roomConfigPath(env: { ROOM_CONFIG?: string }, start = __dirname): string | null {
  const configured = env.ROOM_CONFIG;
  if (configured !== undefined)
    return configured === '' || configured === 'off' || configured === 'false' ? null : resolve(configured);
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    const path = join(dir, 'config', 'room.json');
    if (existsSync(path)) return path;
    if (dirname(dir) === dir) return null;
  }
}

export function parseRoomConfig(text: string, source = 'room config'): RoomConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`${source}: not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const result = RoomConfig.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${source}: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  const keys = new Set<string>();
  for (const table of result.data.tables) {
    if (keys.has(table.key)) throw new Error(`${source}: tables: key ${table.key} appears twice`);
    keys.add(table.key);
  }
  const hourly = result.data.hourlyTournament;
  if (hourly && hourly.minEntrants > hourly.maxEntrants)
    throw new Error(`${source}: hourlyTournament.minEntrants: must be at most maxEntrants`);
  return result.data;
}

/** The room from the configured file (null: none configured). The app reads it once: the ROOM_CONFIG provider. */
export function loadRoomConfig(env: { ROOM_CONFIG?: string }): RoomConfig | null {
  const path = roomConfigPath(env);
  if (!path) return null;
  return parseRoomConfig(readFileSync(path, 'utf8'), path);
}

/**
 * The cash-table id of a default table: a name-based UUID of its key, the same on every copy and
 * after every restart, so the database's primary key lets exactly one copy open it.
 */
export function defaultTableId(key: string): string {
  const hash = createHash('sha256').update(`naiko:room:table:${key}`).digest('hex');
  const variant = ((parseInt(hash[16], 16) & 0x3) | 0x8).toString(16);
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-${variant}${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
}
