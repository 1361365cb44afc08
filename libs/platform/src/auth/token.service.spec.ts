import { InvalidTokenError, TokenService } from './token.service';
import { bearerToken } from './http-auth';

const SECRET = 'x'.repeat(32);

describe('TokenService', () => {
  const tokens = new TokenService(SECRET, 3600);
  const alice = { sub: '7d1c1b8e-0000-4000-8000-000000000001', username: 'alice', role: 'player' as const };

  it('round-trips the claims', () => {
    expect(tokens.verify(tokens.sign(alice))).toEqual({ ...alice, ver: 0 });
    expect(tokens.verify(tokens.sign({ ...alice, ver: 3 })).ver).toBe(3);
  });

  it('refuses a token signed with another secret, a garbage token and no token', () => {
    const other = new TokenService('y'.repeat(32), 3600).sign(alice);
    expect(() => tokens.verify(other)).toThrow(InvalidTokenError);
    expect(() => tokens.verify('not.a.jwt')).toThrow(InvalidTokenError);
    expect(() => tokens.verify(undefined)).toThrow(/missing token/);
  });

  it('refuses an expired token', () => {
    const expired = tokens.sign(alice, -10);
    expect(() => tokens.verify(expired)).toThrow(/expired/);
  });

  it('reads a Bearer header', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
