// Infrastructure every app needs, resolved once at start-up: validated config, the database
// (chosen, created, migrated) with its Prisma client, and the Redis endpoint.
import { Global, Logger, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import {
  applyMigrations,
  findPrismaPaths,
  openDatabase,
  PlatformSecretRepository,
  PrismaPlatformSecretRepository,
  PrismaService,
  PrismaUserRepository,
  readInstallationId,
  resolveDatabaseTarget,
  type DatabaseConnection,
  UserRepository,
} from '@naiko/persistence';
import { parseConfig, type AppConfig, type ConfigDefaults } from '../config/config.schema';
import { resolveRedis, type RedisEndpoint } from '../redis/redis-endpoint';
import { redisNamespace, surveyNamespaceAt, type RedisNamespace } from '../redis/redis-namespace';
import { loadRoomConfig } from '../room/room-config';
import {
  APP_CONFIG,
  APP_INFO,
  CONFIG_SOURCE,
  ROOM_CONFIG,
  DATABASE_CONNECTION,
  REDIS_ENDPOINT,
  REDIS_NAMESPACE,
  type AppInfo,
  type ConfigSource,
} from '../tokens';
import { TokenService } from '../auth/token.service';
import { resolveJwtSecret } from '../auth/jwt-secret';
import { UserAccess } from '../auth/user-access';
import { DemoSeeder } from './demo-seeder';

export async function connectDatabase(config: AppConfig, logger = new Logger('Database')): Promise<DatabaseConnection> {
  const target = await resolveDatabaseTarget(config.DATABASE_URL, resolve(config.DATA_DIR), config.EMBEDDED_FALLBACK);
  const db = await openDatabase(target, { poolSize: config.DATABASE_POOL_SIZE });
  logger.log({ msg: `database: ${db.description}`, kind: target.kind, reason: target.reason });
  if (config.MIGRATE_ON_START) {
    const applied = await applyMigrations(db.adapterFactory, findPrismaPaths(__dirname).migrationsDir);
    logger.log({
      msg: applied.length ? `applied migrations: ${applied.join(', ')}` : 'migrations: up to date',
      applied,
    });
  }
  return db;
}

export async function connectRedis(config: AppConfig, logger = new Logger('Redis')): Promise<RedisEndpoint> {
  const endpoint = await resolveRedis({
    url: config.REDIS_URL,
    dataDir: resolve(config.DATA_DIR),
    allowEmbedded: config.EMBEDDED_FALLBACK,
  });
  logger.log({ msg: `redis: ${endpoint.description}`, url: endpoint.url });
  return endpoint;
}

/**
 * This installation's Redis namespace (`<REDIS_PREFIX>:<installation id>`, issue 29), read from the
 * database; warns when Redis holds keys of another installation under the same REDIS_PREFIX.
 */
export async function resolveRedisNamespace(
  config: AppConfig,
  prisma: PrismaService,
  redis: RedisEndpoint,
  app: AppInfo,
  logger = new Logger('Redis'),
): Promise<RedisNamespace> {
  const ns = redisNamespace(config.REDIS_PREFIX, await readInstallationId(prisma));
  logger.log({
    msg: `installation ${ns.installationId}: Redis keys under ${ns.prefix}:*`,
    installationId: ns.installationId,
    prefix: ns.prefix,
  });
  for (const warning of await surveyNamespaceAt(redis.url, ns, app.name)) {
    logger.warn({ msg: warning, installationId: ns.installationId, prefix: config.REDIS_PREFIX });
  }
  return ns;
}

@Global()
@Module({})
export class InfraModule {
  /** `defaults`: the app's own values for variables its environment leaves unset. */
  static forRoot(appName: string, defaults: ConfigDefaults = {}): DynamicModule {
    const providers: Provider[] = [
      {
        provide: APP_CONFIG,
        inject: [{ token: CONFIG_SOURCE, optional: true }],
        useFactory: (source?: ConfigSource): AppConfig => parseConfig(source?.env ?? process.env, defaults),
      },
      { provide: ROOM_CONFIG, inject: [APP_CONFIG], useFactory: (c: AppConfig) => loadRoomConfig(c) },
      {
        provide: APP_INFO,
        useValue: { name: appName, instanceId: `${appName}.${hostname()}.${process.pid}` } satisfies AppInfo,
      },
      { provide: DATABASE_CONNECTION, inject: [APP_CONFIG], useFactory: (c: AppConfig) => connectDatabase(c) },
      { provide: REDIS_ENDPOINT, inject: [APP_CONFIG], useFactory: (c: AppConfig) => connectRedis(c) },
      {
        provide: PrismaService,
        inject: [DATABASE_CONNECTION],
        useFactory: (db: DatabaseConnection) => new PrismaService(db),
      },
      {
        provide: REDIS_NAMESPACE,
        inject: [APP_CONFIG, PrismaService, REDIS_ENDPOINT, APP_INFO],
        useFactory: (c: AppConfig, prisma: PrismaService, redis: RedisEndpoint, app: AppInfo) =>
          resolveRedisNamespace(c, prisma, redis, app),
      },
      // The deployment's generated secrets (issue 24 item 4): the JWT key when JWT_SECRET is unset.
      {
        provide: PlatformSecretRepository,
        inject: [PrismaService],
        useFactory: (p: PrismaService) => new PrismaPlatformSecretRepository(p),
      },
      {
        provide: TokenService,
        inject: [APP_CONFIG, PlatformSecretRepository],
        useFactory: async (c: AppConfig, secrets: PlatformSecretRepository) =>
          new TokenService(await resolveJwtSecret(c.JWT_SECRET, secrets), c.JWT_EXPIRES_IN_SECONDS),
      },
      // The users table's repository (issue 24 item 4): accounts, auth, bots at tables and Sit & Go.
      {
        provide: UserRepository,
        inject: [PrismaService],
        useFactory: (p: PrismaService) => new PrismaUserRepository(p),
      },
      UserAccess,
      DemoSeeder,
    ];
    return {
      module: InfraModule,
      providers,
      exports: [
        APP_CONFIG,
        ROOM_CONFIG,
        APP_INFO,
        DATABASE_CONNECTION,
        REDIS_ENDPOINT,
        REDIS_NAMESPACE,
        PrismaService,
        TokenService,
        UserRepository,
        UserAccess,
      ],
    };
  }
}
