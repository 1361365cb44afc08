// socket.io over the Redis adapter, so a broadcast to a room reaches sockets held by any
// process (SOCKET_REDIS_ADAPTER=true, the default).
import type { INestApplicationContext } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { redisOptionsFromUrl } from '../redis/redis-options';
import { LeanIoAdapter } from './lean-io.adapter';

export class RedisIoAdapter extends LeanIoAdapter {
  private pub?: Redis;
  private sub?: Redis;

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    /** Channel prefix, so separate deployments (or tests) sharing a Redis don't hear each other. */
    private readonly prefix: string,
  ) {
    super(app);
  }

  async connect(): Promise<void> {
    this.pub = new Redis(redisOptionsFromUrl(this.redisUrl));
    this.sub = this.pub.duplicate();
    // ioredis reconnects by itself (a Redis restart); without a listener every error is also printed.
    for (const client of [this.pub, this.sub]) client.on('error', () => undefined);
    await Promise.all([this.pub.ping(), this.sub.ping()]);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    if (this.pub && this.sub) server.adapter(createAdapter(this.pub, this.sub, { key: `${this.prefix}:socket.io` }));
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    this.pub?.disconnect();
    this.sub?.disconnect();
  }
}
