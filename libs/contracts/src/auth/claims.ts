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
}
