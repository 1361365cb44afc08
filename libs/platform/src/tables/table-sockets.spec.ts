// TableSockets.hasSpectators: the host skips the spectator feed only when it is sure nobody else watches.
import type { NaikoSocket } from '../gateway/platform.gateway';
import { TableSockets } from './table-sockets';

const socket = (id: string, userId: string): NaikoSocket =>
  ({ id, data: { user: { sub: userId } }, join: () => undefined, leave: () => undefined }) as unknown as NaikoSocket;

describe('TableSockets.hasSpectators', () => {
  it('is false in one process when every local watcher is dealt in', () => {
    const sockets = new TableSockets({ SOCKET_REDIS_ADAPTER: false });
    sockets.watch('t1', socket('a', 'alice'));
    sockets.watch('t1', socket('b', 'bob'));
    expect(sockets.hasSpectators('t1', ['alice', 'bob'])).toBe(false);
    expect(sockets.hasSpectators('t2', ['alice'])).toBe(false);
  });

  it('is true in one process as soon as a watcher is not dealt in', () => {
    const sockets = new TableSockets({ SOCKET_REDIS_ADAPTER: false });
    sockets.watch('t1', socket('a', 'alice'));
    sockets.watch('t1', socket('c', 'carol'));
    expect(sockets.hasSpectators('t1', ['alice', 'bob'])).toBe(true);
    sockets.unwatch('t1', socket('c', 'carol'));
    expect(sockets.hasSpectators('t1', ['alice', 'bob'])).toBe(false);
  });

  it('is always true when rooms span copies and who watches from other copies is not known', () => {
    const sockets = new TableSockets({ SOCKET_REDIS_ADAPTER: true });
    expect(sockets.hasSpectators('t1', ['alice'])).toBe(true);
    expect(new TableSockets().hasSpectators('t1', [])).toBe(true);
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
    expect(sockets.hasSpectators('t1', ['alice'])).toBe(true);
    expect(sockets.hasSpectators('t1', ['alice', 'carol'])).toBe(true); // another may watch through a copy whose watch went to the old owner
    expect(sockets.listeners('t2')).toBeNull(); // a room empty here may hold another copy's sockets
  });
});
