// What an access token (JWT) carries. Issued by the accounts module, verified by every gateway
// and HTTP guard through @naiko/platform's TokenService.
export type Role = 'player' | 'host' | 'admin';

export const ROLES: readonly Role[] = ['player', 'host', 'admin'];

export interface AccessClaims {
  /** User id (uuid). */
  sub: string;
  username: string;
  role: Role;
  isBot?: boolean;
  /**
   * The user's token version when the token was issued. Every change of rights or identity (role,
   * rename, password, deletion) bumps the stored version, which refuses older tokens. Signing
   * without one means version 0.
   */
  ver?: number;
}
