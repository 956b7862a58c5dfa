import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

/**
 * Google's side of sign-in, played locally for tests: an RS256 key pair whose public half is served as a
 * JWKS over HTTP, and ID tokens signed with it (or, to forge one, with another key under the same key id).
 */
export interface FakeGoogle {
  clientId: string;
  jwksUrl: string;
  /** How many times the key set was fetched. */
  jwksRequests(): number;
  idToken(options?: IdTokenOptions): Promise<string>;
  close(): Promise<void>;
}

export interface IdTokenOptions {
  /** Merged over a verified Ada Lovelace; `undefined` leaves a claim out. */
  claims?: JWTPayload;
  subject?: string;
  issuer?: string;
  audience?: string;
  /** Seconds since the epoch. */
  expiresAt?: number;
  /** Sign with a key Google never published. */
  forged?: boolean;
}

const KEY_ID = 'fake-google-key-1';

export async function startFakeGoogle(
  clientId = 'test-client.apps.googleusercontent.com',
): Promise<FakeGoogle> {
  const google = await generateKeyPair('RS256');
  const forger: CryptoKey = (await generateKeyPair('RS256')).privateKey;
  const jwks = JSON.stringify({
    keys: [{ ...(await exportJWK(google.publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' }],
  });
  let requests = 0;
  const server = createServer((_request, response) => {
    requests += 1;
    response.setHeader('content-type', 'application/json');
    response.end(jwks);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`;

  return {
    clientId,
    jwksUrl,
    jwksRequests: () => requests,
    idToken(options = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        email: 'Ada@Example.org',
        email_verified: true,
        name: 'Ada Lovelace',
        given_name: 'Ada',
        ...options.claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
        .setSubject(options.subject ?? 'google-sub-123')
        .setIssuer(options.issuer ?? 'https://accounts.google.com')
        .setAudience(options.audience ?? clientId)
        .setIssuedAt(now - 60)
        .setExpirationTime(options.expiresAt ?? now + 3600)
        .sign(options.forged ? forger : google.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
