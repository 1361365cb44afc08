// How every app starts: validate config first (one clear line on error), JSON logs, global
// validation, bounded JSON bodies, the CORS allow-list, Swagger at /docs, socket.io (Redis adapter when configured),
// listen on PORT, and an orderly shutdown on SIGINT/SIGTERM that also stops a private redis-server.
import { Global, Module, ValidationPipe, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Server as HttpServer } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { parseConfig, ConfigError, type AppConfig } from '../config/config.schema';
import { configureCorsOrigins, CORS_OPTIONS } from '../http/cors';
import { refuseDeepJson } from '../http/json-depth';
import { bodyErrorHandler } from '../http/body-errors';
import { JsonLogger } from '../logging/json-logger';
import { LeanIoAdapter } from '../gateway/lean-io.adapter';
import { RedisIoAdapter } from '../gateway/redis-io.adapter';
import { APP_CONFIG, CONFIG_SOURCE, REDIS_ENDPOINT, REDIS_NAMESPACE, type ConfigSource } from '../tokens';
import type { RedisEndpoint } from '../redis/redis-endpoint';
import type { RedisNamespace } from '../redis/redis-namespace';

export interface NaikoApp {
  app: INestApplication;
  config: AppConfig;
  logger: JsonLogger;
  /** The bound port (useful with PORT=0). */
  port: number;
  url: string;
  /** Closes the app, then stops a private redis-server if one was started. */
  close(): Promise<void>;
}

export interface CreateOptions {
  name: string;
  module: Type<unknown>;
  /** Variables over process.env for this app only (tests; process.env itself is never written). */
  env?: Record<string, string | undefined>;
  logger?: JsonLogger;
}

/** Provides the app's environment (ConfigSource) to InfraModule's APP_CONFIG, wherever it is imported. */
@Global()
@Module({})
class ConfigSourceModule {
  static of(source: ConfigSource): DynamicModule {
    return {
      module: ConfigSourceModule,
      providers: [{ provide: CONFIG_SOURCE, useValue: source }],
      exports: [CONFIG_SOURCE],
    };
  }
}

/** The app's module under a root that also provides its environment. */
@Module({})
class NaikoRootModule {
  static of(app: Type<unknown>, source: ConfigSource): DynamicModule {
    return { module: NaikoRootModule, imports: [ConfigSourceModule.of(source), app] };
  }
}

/** Creates, configures and starts listening. Throws ConfigError for bad config. */
export async function startNaikoApp(options: CreateOptions): Promise<NaikoApp> {
  const source: ConfigSource = { env: { ...process.env, ...options.env } };
  // Checked before anything starts, for one clear line on a bad variable and the log level; the
  // app's module may add its own defaults (PlatformModule.forRoot({ config })), so the config the
  // app runs with is the one its APP_CONFIG provider parsed.
  const early = parseConfig(source.env);
  const logger = options.logger ?? new JsonLogger(options.name, early.LOG_LEVEL);
  // Body parsers registered here rather than by Nest, to refuse over-deep JSON (issue 19.8).
  const app = await NestFactory.create<NestExpressApplication>(NaikoRootModule.of(options.module, source), {
    logger,
    bufferLogs: false,
    abortOnError: false,
    bodyParser: false,
  });
  const config = app.get<AppConfig>(APP_CONFIG);
  configureCorsOrigins(config.CORS_ORIGINS);
  app.useBodyParser('json', { verify: refuseDeepJson });
  app.useBodyParser('urlencoded', { extended: true });
  app.use(bodyErrorHandler);
  const redis = app.get<RedisEndpoint>(REDIS_ENDPOINT);
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  app.enableCors(CORS_OPTIONS);
  if (config.SOCKET_REDIS_ADAPTER) {
    // Channels under the installation's namespace: two databases on one Redis never hear each other.
    const adapter = new RedisIoAdapter(app, redis.url, app.get<RedisNamespace>(REDIS_NAMESPACE).prefix);
    await adapter.connect();
    app.useWebSocketAdapter(adapter);
  } else {
    app.useWebSocketAdapter(new LeanIoAdapter(app));
  }
  const doc = new DocumentBuilder()
    .setTitle('Naiko')
    .setDescription(`Naiko poker platform API (${options.name})`)
    .setVersion('0.1.0')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('docs', app, () => SwaggerModule.createDocument(app, doc));
  await app.listen(config.PORT, config.HOST);
  // Idle keep-alive connections live longer than a client's own keep-alive (undici: 4 s, proxies
  // and load balancers: 60 s): with Node's 5 s, a busy event loop could close a connection the
  // client had just sent a request on, and the client saw ECONNRESET for a request never read.
  const server = app.getHttpServer() as HttpServer;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  logger.log({ msg: `${options.name} listening on ${url} (docs at ${url}/docs)`, port: address.port }, 'Bootstrap');
  let closing: Promise<void> | undefined;
  return {
    app,
    config,
    logger,
    port: address.port,
    url,
    close: () =>
      (closing ??= (async () => {
        await app.close();
        await redis.stop();
      })()),
  };
}

const SHUTDOWN_TIMEOUT_MS = 20_000;

/** The `main.ts` of every app: start, or print one line saying why not and exit 1. */
export function runNaikoApp(options: CreateOptions): void {
  startNaikoApp(options).then(
    (naiko) => {
      // A repeated signal (Ctrl-C reaches both `npm start`'s launcher and the server, which
      // forwards it) must not kill the server halfway through its shutdown: the first one starts
      // it, later ones are ignored; a shutdown that hangs ends after SHUTDOWN_TIMEOUT_MS.
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        naiko.logger.log({ msg: `${signal}: shutting down` }, 'Bootstrap');
        setTimeout(() => {
          naiko.logger.error({ msg: 'shutdown took too long: exiting' }, 'Bootstrap');
          process.exit(1);
        }, SHUTDOWN_TIMEOUT_MS).unref();
        naiko.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
    },
    (err: unknown) => {
      const message = err instanceof ConfigError || err instanceof Error ? err.message : String(err);
      // One human line on stderr (the JSON logger may not exist yet when config is bad).
      process.stderr.write(`${options.name} failed to start: ${message}\n`);
      if (!(err instanceof ConfigError) && err instanceof Error && process.env.LOG_LEVEL === 'debug') {
        process.stderr.write(`${err.stack}\n`);
      }
      process.exit(1);
    },
  );
}
