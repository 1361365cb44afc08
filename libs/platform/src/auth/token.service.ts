// Issues and verifies access tokens (HS256 JWT). The one place that knows the token format:
// the socket gateway, HTTP guards and (issue 5) the login endpoint all go through it.
// Whether the token's user still has those rights is UserAccess's job (user-access.ts).
import { createSecretKey } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { z } from 'zod';
import { ROLES, type AccessClaims } from '@naiko/contracts';

const ClaimsSchema = z.object({
  sub: z.string().min(1),
  username: z.string().min(1),
  role: z.enum(ROLES as [AccessClaims['role'], ...AccessClaims['role'][]]),
  isBot: z.boolean().optional(),
  ver: z.number().int().nonnegative(),
});

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

export class TokenService {
  private readonly jwt: JwtService;

  constructor(
    secret: string,
    private readonly expiresInSeconds: number,
  ) {
    // A KeyObject, not the string: given a string, jsonwebtoken first tries to parse it as a public
    // key on every verify and catches the failure — ~2 ms of CPU per socket connection.
    const key = createSecretKey(Buffer.from(secret, 'utf8')) as unknown as string;
    this.jwt = new JwtService({
      secret: key,
      signOptions: { algorithm: 'HS256' },
      verifyOptions: { algorithms: ['HS256'] },
    });
  }

  get accessTokenSeconds(): number {
    return this.expiresInSeconds;
  }

  sign(claims: AccessClaims, expiresInSeconds = this.expiresInSeconds): string {
    const { sub, username, role, isBot } = claims;
    const ver = claims.ver ?? 0;
    return this.jwt.sign(isBot === undefined ? { sub, username, role, ver } : { sub, username, role, isBot, ver }, {
      expiresIn: expiresInSeconds,
    });
  }

  /** The claims of a valid, unexpired token; throws InvalidTokenError otherwise. */
  verify(token: string | undefined | null): AccessClaims {
    if (!token) throw new InvalidTokenError('missing token');
    let payload: unknown;
    try {
      payload = this.jwt.verify(token);
    } catch (err) {
      throw new InvalidTokenError(err instanceof Error ? err.message : 'invalid token');
    }
    const parsed = ClaimsSchema.safeParse(payload);
    if (!parsed.success) throw new InvalidTokenError('token claims are malformed');
    return parsed.data;
  }
}
