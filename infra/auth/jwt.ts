import { SignJWT, jwtVerify } from 'jose';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const TOKEN_TTL_SECONDS = 12 * 60 * 60;
/**
 * The TV board's display account stays signed in for 30 days, so the board needs no keyboard
 * after its first login; switching the account off or changing its password still ends it at once.
 */
export const DISPLAY_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface TokenClaims {
  sub: string;
  username: string;
  role: string;
  /** The session revision the token was signed at (absent in tokens from before accounts could be revoked). */
  sv?: number;
}

/** HS256 tokens signed with one secret; 12 hours, per the plant's shift length. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ username: claims.username, role: claims.role, sv: claims.sv ?? 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + (claims.role === 'display' ? DISPLAY_TOKEN_TTL_SECONDS : TOKEN_TTL_SECONDS))
      .sign(this.key);
  }

  /**
   * A short-lived token for one audience only (the queue board's cookie): it cannot stand in
   * for a session token, and a session token cannot stand in for it.
   */
  signFor(audience: string, claims: TokenClaims, ttlSeconds: number, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ username: claims.username, role: claims.role, ...(claims.sv !== undefined ? { sv: claims.sv } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.key);
  }

  /** Verifies a token of `signFor(audience, ...)`; null for anything else. */
  verifyFor(audience: string, token: string): Promise<TokenClaims | null> {
    return this.check(token, audience);
  }

  verify(token: string): Promise<TokenClaims | null> {
    return this.check(token, null);
  }

  private async check(token: string, audience: string | null): Promise<TokenClaims | null> {
    try {
      // A token without an expiry would be valid for ever: refused, as is one without a subject.
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'], ...(audience ? { audience } : {}) });
      // A session token has no audience; one made for something else is not a session.
      if (!audience && payload.aud !== undefined) return null;
      if (typeof payload.sub !== 'string' || typeof payload.username !== 'string' || typeof payload.role !== 'string') return null;
      const sv = typeof payload.sv === 'number' ? { sv: payload.sv } : {};
      return { sub: payload.sub, username: payload.username, role: payload.role, ...sv };
    } catch {
      return null;
    }
  }
}

/** JWT_SECRET, or a secret generated once and kept in the data folder so tokens survive restarts. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
