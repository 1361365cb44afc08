// The socket guard's parts a flood test cannot pin down: the token bucket's arithmetic (by hand,
// on a manual clock) and a reader that stops reading — a real socket.io server and client whose
// TCP socket is paused — being cut off instead of growing the server's memory.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { io, type Socket as ClientSocket } from 'socket.io-client';
import { Bucket, DEFAULT_SOCKET_GUARD_LIMITS, SocketGuard } from './socket-guard';

describe('Bucket (token bucket)', () => {
  it('burst 3, 2 per second: three at once, then one every 500 ms; never more than the burst saved up', () => {
    const bucket = new Bucket({ burst: 3, perSecond: 2 }, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([true, true, true, false]);
    expect(bucket.take(499)).toBe(false); // 0.998 tokens
    expect(bucket.take(500)).toBe(true); // 1 token after 500 ms
    expect(bucket.has(10_000)).toBe(true);
    expect([bucket.take(10_000), bucket.take(10_000), bucket.take(10_000), bucket.take(10_000)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('SocketGuard: a reader that stops reading is cut off', () => {
  let http: HttpServer;
  let server: Server;
  let client: ClientSocket;
  const guard = new SocketGuard({ ...DEFAULT_SOCKET_GUARD_LIMITS, maxBufferedBytes: 1024 * 1024, sweepMs: 50 });

  beforeAll(async () => {
    http = createServer();
    server = new Server(http);
    guard.attach(server);
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  });

  afterAll(async () => {
    client?.close();
    guard.detach(server);
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('what is queued towards a paused client grows past the bound: the socket is disconnected and nothing more is queued for it', async () => {
    const connected = new Promise<Socket>((r) => server.once('connection', r));
    client = io(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
      transports: ['websocket'],
      reconnection: false,
    });
    const socket = await connected;
    await new Promise<void>((r) => (client.connected ? r() : client.once('connect', () => r())));
    // The client stops reading its TCP socket (a stalled browser tab, or an attacker).
    const ws = (client.io.engine.transport as unknown as { ws: { _socket: { pause(): void; resume(): void } } }).ws;
    ws._socket.pause();
    setTimeout(() => ws._socket.resume(), 2000).unref(); // only to let the client hear the end
    const gone = new Promise<string>((r) => socket.once('disconnect', r));
    const chunk = 'x'.repeat(256 * 1024);
    let sent = 0;
    // 64 MB offered; the kernel's buffers take a few, then the server's queue grows until the sweep.
    const push = setInterval(() => {
      for (let i = 0; i < 16 && socket.connected; i++, sent++) socket.emit('bulk', chunk);
      if (sent >= 256) clearInterval(push);
    }, 10);
    expect(await gone).toBe('server namespace disconnect');
    clearInterval(push);
    expect(guard.stats.slowReadersDisconnected).toBe(1);
    expect(sent).toBeLessThan(256);
    // The guard does not wait for the close handshake a paused client never answers: the connection is gone.
    await new Promise<void>((r) => (client.disconnected ? r() : client.once('disconnect', () => r())));
  }, 15_000);
});
