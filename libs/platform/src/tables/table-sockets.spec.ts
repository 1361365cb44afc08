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

  it('is always true when rooms span copies (a spectator may be connected to another copy)', () => {
    const sockets = new TableSockets({ SOCKET_REDIS_ADAPTER: true });
    expect(sockets.hasSpectators('t1', ['alice'])).toBe(true);
    expect(new TableSockets().hasSpectators('t1', [])).toBe(true);
  });
});
