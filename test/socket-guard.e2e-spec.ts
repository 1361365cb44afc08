// One socket cannot stall the room (issue 19, item 4): every event is rate-limited per socket and
// per user before anything runs, answered with a typed RATE_LIMITED (not once per dropped
// message), a flooding socket is disconnected and its user kept out for a while, other sockets
// keep being served, and a frame over maxHttpBufferSize is answered with PAYLOAD_TOO_LARGE before
// the close. The all-in-one app on a random port, real socket.io clients.
import { PrismaService } from '@naiko/persistence';
import type { SocketError } from '@naiko/contracts';
import { connectSocket, nextEvent, startTestApp, type TestApp, type TestSocket } from './support';
import { io } from 'socket.io-client';

/** Emits any event name with any payload (what an attacker's client does). */
const raw = (s: TestSocket, event: string, ...args: unknown[]): void =>
  void (s.emit as (e: string, ...a: unknown[]) => void)(event, ...args);

async function until(cond: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('socket guard: rate limits, abusers, oversized frames', () => {
  let app: TestApp;
  const sockets: TestSocket[] = [];
  const user = (index: number) => ({
    sub: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    username: `guard${index}`,
  });
  const connect = async (index: number): Promise<TestSocket> => {
    const { socket } = await connectSocket(app.url, app.token(user(index)));
    sockets.push(socket);
    return socket;
  };
  const errorsOf = (socket: TestSocket): SocketError[] => {
    const errors: SocketError[] = [];
    socket.on('error', (e) => errors.push(e));
    return errors;
  };

  beforeAll(async () => {
    app = await startTestApp({ name: 'socket-guard-test' });
    // Every token must name an existing account (issue 19.5).
    const users = Array.from({ length: 7 }, (_, i) => user(i + 1));
    await app
      .get(PrismaService)
      .user.createMany({ data: users.map((u) => ({ id: u.sub, username: u.username })), skipDuplicates: true });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.close();
  });

  it('a burst over the limit is dropped and answered RATE_LIMITED once; the socket stays and is served again after a pause', async () => {
    const socket = await connect(1);
    const errors = errorsOf(socket);
    let pongs = 0;
    socket.on('pong', () => pongs++);
    for (let i = 0; i < 60; i++) socket.emit('ping', { nonce: `n${i}` });
    await until(() => errors.length > 0 && pongs >= 40, 5000, 'the burst answered');
    // Proving that the rest is NOT answered: no round trip can mark the end here (a ping now would be
    // dropped too), so a short quiet moment lets any late pong show.
    await new Promise((r) => setTimeout(r, 200));
    // The burst (40, plus what the bucket refilled meanwhile: 20/s) is served, the rest dropped;
    // the drops are answered once a second at most, not once each.
    expect(pongs).toBeGreaterThanOrEqual(40);
    expect(pongs).toBeLessThan(60);
    expect(errors.length).toBeLessThanOrEqual(2);
    expect(errors[0]).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/too many messages/) });
    expect(socket.connected).toBe(true);
    // The rule under test is about time: the bucket refills at 20 a second (half a second: 10 messages).
    await new Promise((r) => setTimeout(r, 500));
    const pong = nextEvent(socket, 'pong');
    socket.emit('ping', { nonce: 'after' });
    expect(await pong).toMatchObject({ nonce: 'after' });
  });

  it('the limit is per user too: two sockets of one user share it', async () => {
    const [socketA, socketB] = [await connect(2), await connect(2)];
    const errors = [...[socketA, socketB].map(errorsOf)];
    let pongs = 0;
    for (const socket of [socketA, socketB]) socket.on('pong', () => pongs++);
    // 2 × 40 fit in each socket's bucket, but not 80 + 20 in the user's.
    for (let i = 0; i < 40; i++) for (const socket of [socketA, socketB]) socket.emit('ping', { nonce: `p${i}` });
    for (let i = 0; i < 10; i++) for (const socket of [socketA, socketB]) socket.emit('ping', { nonce: `q${i}` });
    await until(() => pongs >= 80 && errors.some((e) => e.length > 0), 5000, 'the user limit');
    // Proving that the rest is NOT answered (both buckets are empty: a round trip would be dropped).
    await new Promise((r) => setTimeout(r, 200));
    expect(pongs).toBeLessThan(100);
    expect(errors.flat().every((e) => e.code === 'RATE_LIMITED')).toBe(true);
  });

  it('a flood (Sit & Go and tournament watches, pings, malformed payloads, unknown events) disconnects the abuser, keeps his user out for a while, and other sockets are served throughout', async () => {
    const bystander = await connect(3);
    const abuser = await connect(4);
    const errors = errorsOf(abuser);
    const disconnected = new Promise<string>((r) => abuser.once('disconnect', r));
    // The bystander pings every 20 ms during the flood; each ping waits for its pong.
    const rtts: number[] = [];
    let pinging = true;
    const pinger = (async () => {
      for (let i = 0; pinging && i < 200; i++) {
        const at = performance.now();
        const pong = nextEvent(bystander, 'pong', 5000);
        bystander.emit('ping', { nonce: `b${i}` });
        await pong;
        rtts.push(performance.now() - at);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const mix = [
      () => raw(abuser, 'sitAndGoWatch', { instanceId: 1 }),
      () => raw(abuser, 'tournamentWatch', { tournamentId: 1 }),
      () => raw(abuser, 'ping', { nonce: 'x' }),
      () => raw(abuser, 'table:act', { tableId: 'not-a-uuid', version: -1 }),
      () => raw(abuser, 'sitAndGoWatch', 'garbage'),
      () => raw(abuser, 'no-such-event', {}),
      () => raw(abuser, 'error', { code: 'FAKE' }),
    ];
    for (let i = 0; i < 5000; i++) mix[i % mix.length]!();
    expect(await disconnected).toBe('io server disconnect');
    // Typed answers, and few of them: the flood is not echoed back.
    expect(errors.some((e) => e.code === 'RATE_LIMITED' && /^ABUSE/.test(e.message))).toBe(true);
    expect(errors.length).toBeLessThan(60);
    expect(errors.every((e) => ['RATE_LIMITED', 'UNKNOWN_EVENT', 'BAD_PAYLOAD', 'NOT_FOUND'].includes(e.code))).toBe(
      true,
    );
    pinging = false;
    await pinger;
    expect(bystander.connected).toBe(true);
    // Every ping of the bystander was answered (each waited for its pong); how fast is the flood bench's business.
    expect(rtts.length).toBeGreaterThan(0);
    // The abuser's user may not come straight back.
    const again = io(app.url, {
      transports: ['websocket'],
      auth: { token: app.token(user(4)) },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(again as TestSocket);
    const refusal = await nextEvent(again as TestSocket, 'error');
    expect(refusal).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^ABUSE/) });
    await until(() => again.disconnected, 5000, 'the refused connection closed');
    // Nobody else is affected: a new user connects and is served.
    const other = await connect(5);
    const pong = nextEvent(other, 'pong');
    other.emit('ping', { nonce: 'fine' });
    expect(await pong).toMatchObject({ nonce: 'fine' });
  });

  it('unknown events (also one named "error") are answered UNKNOWN_EVENT and change nothing', async () => {
    const socket = await connect(6);
    const unknown = nextEvent(socket, 'error');
    raw(socket, 'error', { code: 'SPOOF' });
    expect(await unknown).toEqual({ code: 'UNKNOWN_EVENT', event: 'error', message: 'no handler for "error"' });
    const pong = nextEvent(socket, 'pong');
    socket.emit('ping', { nonce: 'alive' });
    expect(await pong).toMatchObject({ nonce: 'alive' });
  });

  it('a frame over maxHttpBufferSize (1 MB) is answered PAYLOAD_TOO_LARGE before the connection closes', async () => {
    const socket = await connect(7);
    const answer = nextEvent(socket, 'error');
    const closed = new Promise<string>((r) => socket.once('disconnect', r));
    socket.emit('ping', { nonce: 'x'.repeat(1_100_000) });
    expect(await answer).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('1000000') });
    expect(await closed).toBe('transport close');
  });
});
