// Injection tokens of the platform's infrastructure providers.
export const APP_CONFIG = Symbol('APP_CONFIG'); // AppConfig (validated env)
/**
 * ConfigSource: the environment an app was started with (`startNaikoApp({ env })` over
 * process.env), provided by the bootstrap's root module; absent (a bare testing module), the
 * config is read from process.env. Nothing writes process.env to configure an app.
 */
export const CONFIG_SOURCE = Symbol('CONFIG_SOURCE');
export interface ConfigSource {
  env: Record<string, string | undefined>;
}
export const APP_INFO = Symbol('APP_INFO'); // AppInfo
export const ROOM_CONFIG = Symbol('ROOM_CONFIG'); // RoomConfig | null: the room opened at start-up (config/room.json, ROOM_CONFIG), read once
export const REDIS_ENDPOINT = Symbol('REDIS_ENDPOINT'); // RedisEndpoint (resolved at start-up)
export const DATABASE_CONNECTION = Symbol('DATABASE_CONNECTION'); // DatabaseConnection (migrated)
export const REDIS_NAMESPACE = Symbol('REDIS_NAMESPACE'); // RedisNamespace: `<REDIS_PREFIX>:<installation id>`

export interface AppInfo {
  /** all-in-one, lobby, cash-table, sit-and-go, tournament. */
  name: string;
  /** Unique per process: `<name>.<hostname>.<pid>`. */
  instanceId: string;
}
