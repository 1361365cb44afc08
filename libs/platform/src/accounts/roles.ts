// Role checks shared by HTTP and socket entry points. HTTP routes use the platform's
// JwtAuthGuard + @Roles(...) (auth/http-auth.ts); socket handlers use WsRolesGuard with the same
// @Roles metadata. Table ownership: a host manages only his own private tables; an admin any.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccessClaims, Role } from '@naiko/contracts';
import { Roles } from '../auth/http-auth';
import { SocketErrorException } from '../gateway/socket-errors';
import { UserAccess } from '../auth/user-access';

export { Roles };

// The metadata key @Roles writes (auth/http-auth.ts keeps it private; same string on purpose).
const ROLES_KEY = 'naiko:roles';

/** True when the user may manage (configure, close, kick from) a private table owned by `ownerId`. */
export function canManageTable(user: Pick<AccessClaims, 'sub' | 'role'>, ownerId: string): boolean {
  if (user.role === 'admin') return true;
  return user.role === 'host' && user.sub === ownerId;
}

/**
 * Socket handlers: `@UseGuards(WsRolesGuard)` + `@Roles('host')`. The handshake already verified
 * the token (gateway/socket-auth.ts) and put the claims on `socket.data.user`.
 */
@Injectable()
export class WsRolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: UserAccess,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const client = context.switchToWs().getClient<{ data?: { user?: AccessClaims } }>();
    const user = client?.data?.user;
    if (!user) throw new SocketErrorException('UNAUTHORIZED', 'not authenticated');
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (roles?.length && !roles.includes(user.role))
      throw new SocketErrorException('FORBIDDEN', `requires role ${roles.join(' or ')}`);
    // A privileged event re-checks the account now (cached briefly): the socket may predate a demotion.
    if (roles?.length) {
      try {
        await this.access.check(user);
      } catch (err) {
        throw new SocketErrorException('UNAUTHORIZED', err instanceof Error ? err.message : 'token revoked');
      }
    }
    return true;
  }
}
