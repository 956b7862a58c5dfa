import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';

/** Google signs ID tokens with either spelling of its issuer (its own documentation says so). */
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
/** Clocks differ a little between Google and us; a token is not refused for a few seconds of drift. */
const CLOCK_TOLERANCE_SECONDS = 30;
/** Fetching Google's keys must not hold a sign-in for long when Google cannot be reached. */
const JWKS_TIMEOUT_MS = 5_000;

export interface GoogleVerifierOptions {
  /** GOOGLE_CLIENT_ID: the token must have been issued for this app. */
  clientId: string;
  /** GOOGLE_JWKS_URL: where Google's public keys are (a local server in tests). */
  jwksUrl: string;
}

/** What a verified token tells us about the person. */
export interface GoogleIdentity {
  /** Google's stable account id: e-mails can change, this does not. */
  sub: string;
  email: string;
  name: string | undefined;
  givenName: string | undefined;
}

export type GoogleTokenProblem = 'invalid' | 'expired' | 'email_unverified' | 'keys_unavailable';

/** Why a credential was refused; `detail` is for the log, never for the person. */
export class GoogleTokenError extends Error {
  override name = 'GoogleTokenError';
  constructor(
    readonly problem: GoogleTokenProblem,
    readonly detail: string,
  ) {
    super(`Google ID token refused (${problem}): ${detail}`);
  }
}

// One key set per URL for the life of the process: jose caches the keys and refetches when Google
// rotates them (an unknown key id), so each sign-in does not cost a request to Google.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetFor(jwksUrl: string): ReturnType<typeof createRemoteJWKSet> {
  let keySet = keySets.get(jwksUrl);
  if (keySet === undefined) {
    keySet = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: JWKS_TIMEOUT_MS });
    keySets.set(jwksUrl, keySet);
  }
  return keySet;
}

function problemOf(error: unknown): GoogleTokenError {
  if (error instanceof joseErrors.JWTExpired) return new GoogleTokenError('expired', error.message);
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid)
    return new GoogleTokenError('keys_unavailable', error.message);
  // jose reports a key endpoint that answers with an error page or non-JSON with a plain JOSEError.
  if (
    error instanceof joseErrors.JOSEError &&
    error.code === 'ERR_JOSE_GENERIC' &&
    /JSON Web Key Set/.test(error.message)
  ) {
    return new GoogleTokenError('keys_unavailable', error.message);
  }
  if (error instanceof joseErrors.JOSEError)
    return new GoogleTokenError('invalid', `${error.code}: ${error.message}`);
  // fetch's own failures (connection refused, DNS): Google's keys cannot be read right now.
  if (error instanceof TypeError && /fetch/i.test(error.message))
    return new GoogleTokenError('keys_unavailable', String(error.cause ?? error.message));
  if (error instanceof TypeError) return new GoogleTokenError('invalid', error.message);
  throw error;
}

/**
 * Checks a Google Identity Services credential: signed by one of Google's keys (RS256), issued by
 * Google for our client id, not expired, and vouching for a verified e-mail address.
 * Throws a GoogleTokenError saying why when any of that fails.
 */
export async function verifyGoogleIdToken(
  credential: string,
  options: GoogleVerifierOptions,
): Promise<GoogleIdentity> {
  let payload;
  try {
    ({ payload } = await jwtVerify(credential, keySetFor(options.jwksUrl), {
      algorithms: ['RS256'],
      issuer: GOOGLE_ISSUERS,
      audience: options.clientId,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    throw problemOf(error);
  }
  const { sub, email, email_verified: emailVerified, name, given_name: givenName } = payload;
  if (typeof sub !== 'string' || sub === '')
    throw new GoogleTokenError('invalid', 'the token names no account (sub)');
  if (typeof email !== 'string' || email === '')
    throw new GoogleTokenError('invalid', 'the token carries no e-mail address');
  // Older tokens sent the flag as the string "true".
  if (emailVerified !== true && emailVerified !== 'true')
    throw new GoogleTokenError('email_unverified', `Google has not verified ${email}`);
  return {
    sub,
    email: email.toLowerCase(),
    name: typeof name === 'string' ? name : undefined,
    givenName: typeof givenName === 'string' ? givenName : undefined,
  };
}
