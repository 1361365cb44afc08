// TableSockets: the public part of a hand update goes once to the table room, a private part only to
// its user's room, and nothing is encoded for a room nobody is in.
import type { NaikoServer, NaikoSocket } from '../gateway/platform.gateway';
import type { HandFeed, HandPrivateFeed } from './ports';
import { TableSockets } from './table-sockets';

const socket = (id: string, userId: string): NaikoSocket =>
  ({ id, data: { user: { sub: userId } }, join: () => undefined, leave: () => undefined }) as unknown as NaikoSocket;

/** A socket.io server that records what is emitted to which room; `rooms` is its adapter's room map. */
function fakeServer(rooms: Map<string, Set<string>>) {
  const sent: { room: string; event: string; payload: unknown }[] = [];
  const server = {
    to: (room: string) => ({ emit: (event: string, payload: unknown) => sent.push({ room, event, payload }) }),
    sockets: { adapter: { rooms } },
  } as unknown as NaikoServer;
  return { server, sent };
}

const feed = { handId: 'h1', handNumber: 1, seq: 3, events: [], clock: null } as unknown as HandFeed;
const part: HandPrivateFeed = { handId: 'h1', handNumber: 1, seq: 3, seat: 2, events: [], players: [], legal: null };

describe('TableSockets.hand: one public part per update, private parts to their user only', () => {
  it('emits the public part once to the table room and a private part to the user room', () => {
    const sockets = new TableSockets({ SOCKET_REDIS_ADAPTER: false });
    const { server, sent } = fakeServer(new Map([['table:t1', new Set(['a', 'b'])]]));
    sockets.attach(server);
    sockets.handPrivate('t1', 'alice', part);
    sockets.hand('t1', feed);
    expect(sent.map((x) => [x.room, x.event])).toEqual([
      ['table:t1:user:alice', 'table:hand-private'],
      ['table:t1', 'table:hand'],
    ]);
    expect(sent[1]!.payload).toEqual({ tableId: 't1', ...feed });
  });

  it('sends nothing to an empty room in one process', () => {
    const sockets = new TableSockets({ SOCKET_REDIS_ADAPTER: false });
    const { server, sent } = fakeServer(new Map());
    sockets.attach(server);
    sockets.hand('t1', feed);
    expect(sent).toEqual([]);
    sockets.knowRemoteWatchers(null);
    sockets.hand('t1', feed);
    expect(sent).toEqual([]);
  });

  it('always sends when rooms span copies and who watches from other copies is not known', () => {
    const sockets = new TableSockets({ SOCKET_REDIS_ADAPTER: true });
    const { server, sent } = fakeServer(new Map());
    sockets.attach(server);
    sockets.hand('t1', feed);
    expect(sent.map((x) => x.room)).toEqual(['table:t1']);
  });
});

describe('TableSockets.listeners: no feed for an audience nobody listens to', () => {
  it('single process: the users with a local socket on the table', () => {
    const sockets = new TableSockets({ SOCKET_REDIS_ADAPTER: false });
    expect(sockets.listeners('t1')).toBeNull(); // not told yet: every audience is sent to
    sockets.knowRemoteWatchers(null);
    expect([...sockets.listeners('t1')!]).toEqual([]);
    sockets.watch('t1', socket('a', 'alice'));
    sockets.watch('t1', socket('a2', 'alice'));
    expect([...sockets.listeners('t1')!]).toEqual(['alice']);
    // A bot (no socket) and bob (sockets gone) get no seat feed.
    expect(sockets.listeners('t1')!.has('bot-1')).toBe(false);
  });

  it('Redis adapter with a router: a watcher on another copy may be unknown to this owner (a table taken over or handed off), so every audience is sent to', () => {
    const sockets = new TableSockets({ SOCKET_REDIS_ADAPTER: true });
    const remote = new Map<string, string[]>([['t1', ['carol']]]);
    sockets.knowRemoteWatchers((tableId) => remote.get(tableId));
    sockets.watch('t1', socket('a', 'alice'));
    expect(sockets.listeners('t1')).toBeNull(); // not known: carol's routed watch is not the whole truth
    expect(sockets.listeners('t2')).toBeNull(); // a room empty here may hold another copy's sockets
  });
});
