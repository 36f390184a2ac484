/**
 * OIDC sign-in (docs/accounts.md): the authorization code flow with PKCE, a state and a nonce,
 * through openid-client. The provider's metadata is read at the first sign-in and kept; a
 * provider that did not answer is asked again at the next one.
 */
import * as client from 'openid-client';
import type { OidcSettings } from '../config.js';

/** What the login's start keeps in the browser (a signed, short-lived cookie) until the provider sends it back. */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** The person as the ID token describes them. */
export interface OidcPerson {
  subject: string;
  username: string | null;
  displayName: string | null;
  groups: string[];
}

/** The provider did not answer (discovery or the token call): not the person's fault. */
export class ProviderUnavailableError extends Error {}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function claimList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}

export class OidcSignIn {
  private config: Promise<client.Configuration> | null = null;

  constructor(readonly settings: OidcSettings) {}

  private configuration(): Promise<client.Configuration> {
    if (!this.config) {
      const issuer = new URL(this.settings.issuer);
      // Plain http is let through for a provider on loopback only (config refuses it elsewhere).
      const options = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname) ? { execute: [client.allowInsecureRequests] } : undefined;
      this.config = client.discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, options).catch((err: unknown) => {
        this.config = null;
        throw new ProviderUnavailableError(`OIDC discovery: ${(err as Error).message}`, { cause: err });
      });
    }
    return this.config;
  }

  /** Where to send the browser, and what to keep until it comes back. */
  async start(redirectUri: string): Promise<{ url: string; pending: PendingLogin }> {
    const config = await this.configuration();
    const codeVerifier = client.randomPKCECodeVerifier();
    const pending: PendingLogin = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier, redirectUri };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /**
   * Exchanges the code the provider sent back (`callbackUrl`, as the browser opened it) and reads
   * the ID token. Throws ProviderUnavailableError when the provider cannot be reached, and
   * openid-client's errors for a refused or forged answer.
   */
  async finish(callbackUrl: URL, pending: PendingLogin): Promise<OidcPerson> {
    const config = await this.configuration();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    const { usernameClaim, groupsClaim } = this.settings;
    const username = typeof claims[usernameClaim] === 'string' ? (claims[usernameClaim] as string) : null;
    const displayName = typeof claims.name === 'string' ? claims.name : null;
    return { subject: claims.sub, username, displayName, groups: claimList(claims[groupsClaim]) };
  }
}
