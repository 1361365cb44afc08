// The lean adapter against a real socket.io server and client: the handler results Nest's own
// IoAdapter would deliver (acknowledged values, promises, interceptors' observables, `{ event, data }`
// emits) arrive the same way, and a handler's failure is logged, not thrown into socket.io.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { of } from 'rxjs';
import { Server } from 'socket.io';
import { io, type Socket as ClientSocket } from 'socket.io-client';
import { LeanIoAdapter } from './lean-io.adapter';

describe('LeanIoAdapter', () => {
  let http: HttpServer;
  let server: Server;
  let client: ClientSocket;
  const seen: unknown[] = [];

  beforeAll(async () => {
    const adapter = new LeanIoAdapter();
    http = createServer();
    server = new Server(http);
    server.on('connection', (socket) =>
      adapter.bindMessageHandlers(
        socket,
        [
          { message: 'value', callback: (data: unknown) => ({ got: data }) },
          { message: 'promise', callback: async (data: unknown) => ({ later: data }) },
          // What a handler returns through interceptors: a promise of an observable.
          { message: 'observable', callback: async (data: unknown) => of({ observed: data }) },
          { message: 'event', callback: () => ({ event: 'pong', data: { n: 1 } }) },
          { message: 'nothing', callback: (data: unknown) => void seen.push(data) },
          {
            message: 'manual',
            callback: (_data: unknown, ack: (r: unknown) => void) => (ack('by hand'), 'not this'),
            isAckHandledManually: true,
          },
          {
            message: 'throws',
            callback: () => {
              throw new Error('sync failure');
            },
          },
          {
            message: 'rejects',
            callback: async () => {
              throw new Error('async failure');
            },
          },
        ] as never,
        (() => undefined) as never,
      ),
    );
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    client = io(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'] });
    await new Promise<void>((r) => client.on('connect', () => r()));
  });

  afterAll(async () => {
    client.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('acknowledges a plain value, a promise and an observable the way IoAdapter does', async () => {
    await expect(client.timeout(2000).emitWithAck('value', 1)).resolves.toEqual({ got: 1 });
    await expect(client.timeout(2000).emitWithAck('promise', 2)).resolves.toEqual({ later: 2 });
    await expect(client.timeout(2000).emitWithAck('observable', 3)).resolves.toEqual({ observed: 3 });
  });

  it('emits an { event, data } result as that event', async () => {
    const pong = new Promise((r) => client.once('pong', r));
    client.emit('event', {});
    await expect(pong).resolves.toEqual({ n: 1 });
  });

  it('passes several arguments as one array payload and runs handlers without acknowledgement', async () => {
    client.emit('nothing', 'a', 'b');
    await expect(client.timeout(2000).emitWithAck('value', 'x', 'y')).resolves.toEqual({ got: ['x', 'y'] });
    expect(seen).toEqual([['a', 'b']]);
  });

  it('leaves the acknowledgement to a handler that takes it by hand', async () => {
    await expect(client.timeout(2000).emitWithAck('manual', {})).resolves.toBe('by hand');
  });

  it('logs a failing handler and keeps serving the socket', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    client.emit('throws');
    client.emit('rejects');
    await expect(client.timeout(2000).emitWithAck('value', 'still here')).resolves.toEqual({ got: 'still here' });
    expect(logged.mock.calls.map((c) => String(c[0]))).toEqual(['Error: sync failure', 'Error: async failure']);
    logged.mockRestore();
  });
});
