import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import type { AccessClaims } from '@naiko/contracts';
import { SocketErrorException } from '../gateway/socket-errors';
import { RevokedTokenError, type UserAccess } from '../auth/user-access';
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
  // The account state: only user "demoted" lost his rights since his token was issued.
  const access = {
    check: async (claims: AccessClaims) => {
      if (claims.sub === 'demoted') throw new RevokedTokenError('token revoked: sign in again');
      return claims;
    },
  } as unknown as UserAccess;
  const guard = new WsRolesGuard(new Reflector(), access);
  const ctx = (handler: () => void, user?: Partial<AccessClaims>): ExecutionContext =>
    ({
      switchToWs: () => ({ getClient: () => ({ data: user ? { user } : {} }) }),
      getHandler: () => handler,
      getClass: () => Handlers,
    }) as unknown as ExecutionContext;

  it('lets a host call a host handler and a player call an open one', async () => {
    await expect(guard.canActivate(ctx(Handlers.prototype.hostOnly, { sub: 'h', role: 'host' }))).resolves.toBe(true);
    await expect(guard.canActivate(ctx(Handlers.prototype.open, { sub: 'p', role: 'player' }))).resolves.toBe(true);
  });

  it('refuses a player at a host handler with FORBIDDEN and an unauthenticated socket with UNAUTHORIZED', async () => {
    await expect(
      guard.canActivate(ctx(Handlers.prototype.hostOnly, { sub: 'p', role: 'player' })),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(guard.canActivate(ctx(Handlers.prototype.open))).rejects.toBeInstanceOf(SocketErrorException);
  });

  it('re-checks the account at a privileged handler: a host token of a since-demoted user gets UNAUTHORIZED', async () => {
    await expect(
      guard.canActivate(ctx(Handlers.prototype.hostOnly, { sub: 'demoted', role: 'host' })),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
