// HTTP side of authentication: `@UseGuards(JwtAuthGuard)` on a controller or route, then
// `@CurrentUser() user: AccessClaims` in the handler. `@Roles('admin')` narrows further.
// Every request also checks the account's current state (UserAccess): a revoked token gets 401.
import {
  createParamDecorator,
  Injectable,
  SetMetadata,
  UnauthorizedException,
  ForbiddenException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccessClaims, Role } from '@naiko/contracts';
import { TokenService } from './token.service';
import { UserAccess } from './user-access';

const ROLES_KEY = 'naiko:roles';

export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** `Authorization: Bearer <token>` → the token, else undefined. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly reflector: Reflector,
    private readonly access: UserAccess,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | string[] | undefined>; user?: AccessClaims }>();
    let claims: AccessClaims;
    try {
      claims = this.tokens.verify(bearerToken(req.headers.authorization));
    } catch {
      throw new UnauthorizedException('a valid Bearer token is required');
    }
    // The account behind the token, now: deleted, demoted, renamed or re-passworded → 401 (issue 19.5).
    try {
      await this.access.check(claims);
    } catch (err) {
      throw new UnauthorizedException(err instanceof Error ? err.message : 'token revoked');
    }
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (roles?.length && !roles.includes(claims.role))
      throw new ForbiddenException(`requires role ${roles.join(' or ')}`);
    req.user = claims;
    return true;
  }
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AccessClaims => {
  return ctx.switchToHttp().getRequest<{ user: AccessClaims }>().user;
});
