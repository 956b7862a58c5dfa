import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3 requests with the payload hashed up front (a single chunk), as
 * documented in "Signature Calculations for the Authorization Header". Written against node:crypto so
 * the api needs no AWS SDK for two calls (PUT and DELETE object).
 */
export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface RequestToSign {
  method: string;
  url: URL;
  /** Extra headers to send and sign (e.g. content-type); names in any case. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (of the empty string when there is none). */
  payloadHash: string;
  now: Date;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const SERVICE = 's3';

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** RFC 3986 percent-encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is escaped. */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The path as S3 canonicalises it: each segment encoded exactly once, slashes kept. */
function canonicalPath(url: URL): string {
  return url.pathname
    .split('/')
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** `20130524T000000Z` */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export interface SignedRequest {
  /** Headers to send: the caller's, plus x-amz-date, x-amz-content-sha256 and authorization (host is fetch's). */
  headers: Record<string, string>;
  signature: string;
  signedHeaders: string;
}

export function signS3Request(request: RequestToSign, credentials: S3Credentials): SignedRequest {
  const timestamp = amzDate(request.now);
  const day = timestamp.slice(0, 8);
  const extra: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) extra[name.toLowerCase()] = value;
  const toSign: Record<string, string> = {
    ...extra,
    // What fetch sends as Host: the URL's host, without a default port.
    host: request.url.host,
    'x-amz-content-sha256': request.payloadHash,
    'x-amz-date': timestamp,
  };
  const names = Object.keys(toSign).sort();
  const canonicalHeaders = names.map((name) => `${name}:${(toSign[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [request.method.toUpperCase(), canonicalPath(request.url), canonicalQuery(request.url), canonicalHeaders, signedHeaders, request.payloadHash].join('\n');
  const scope = `${day}/${credentials.region}/${SERVICE}/aws4_request`;
  const stringToSign = [ALGORITHM, timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), SERVICE), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  const { host: _host, ...headers } = toSign;
  headers.authorization = `${ALGORITHM} Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { headers, signature, signedHeaders };
}
