import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import type { AccessClaims } from '@naiko/contracts';
import { SocketErrorException } from '../gateway/socket-errors';
import { canManageTable, Roles, WsRolesGuard } from './roles';

const host = { sub: 'h1', role: 'host' as const };

describe('canManageTable (a host manages only his own private tables)', () => {
  it('the owning host may, another host may not, a player may not, an admin may', () => {
    expect(canManageTable(host, 'h1')).toBe(true);
    expect(canManageTable({ sub: 'h2', role: 'host' }, 'h1')).toBe(false);
    expect(canManageTable({ sub: 'h1', role: 'player' }, 'h1')).toBe(false);
    expect(canManageTable({ sub: 'a1', role: 'admin' }, 'h1')).toBe(true);
  });
});

describe('WsRolesGuard', () => {
  class Handlers {
    @Roles('host', 'admin')
    hostOnly(): void {}
    open(): void {}
  }
  const guard = new WsRolesGuard(new Reflector());
  const ctx = (handler: () => void, user?: Partial<AccessClaims>): ExecutionContext =>
    ({
      switchToWs: () => ({ getClient: () => ({ data: user ? { user } : {} }) }),
      getHandler: () => handler,
      getClass: () => Handlers,
    }) as unknown as ExecutionContext;

  it('lets a host call a host handler and a player call an open one', () => {
    expect(guard.canActivate(ctx(Handlers.prototype.hostOnly, { sub: 'h', role: 'host' }))).toBe(true);
    expect(guard.canActivate(ctx(Handlers.prototype.open, { sub: 'p', role: 'player' }))).toBe(true);
  });

  it('refuses a player at a host handler with FORBIDDEN and an unauthenticated socket with UNAUTHORIZED', () => {
    expect(() => guard.canActivate(ctx(Handlers.prototype.hostOnly, { sub: 'p', role: 'player' }))).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }) as unknown as Error,
    );
    expect(() => guard.canActivate(ctx(Handlers.prototype.open))).toThrow(SocketErrorException);
  });
});
