// Injection tokens of the platform's infrastructure providers.
export const APP_CONFIG = Symbol('APP_CONFIG'); // AppConfig (validated env)
export const APP_INFO = Symbol('APP_INFO'); // AppInfo
export const REDIS_ENDPOINT = Symbol('REDIS_ENDPOINT'); // RedisEndpoint (resolved at start-up)
export const DATABASE_CONNECTION = Symbol('DATABASE_CONNECTION'); // DatabaseConnection (migrated)
export const REDIS_NAMESPACE = Symbol('REDIS_NAMESPACE'); // RedisNamespace: `<REDIS_PREFIX>:<installation id>`

export interface AppInfo {
  /** all-in-one, lobby, cash-table, sit-and-go, tournament. */
  name: string;
  /** Unique per process: `<name>.<hostname>.<pid>`. */
  instanceId: string;
}
