import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** HMAC-SHA256 of `data` under `secret`, as lowercase hex: how Razorpay (and so the sandbox) signs. */
export function hmacSha256Hex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/**
 * Whether `signature` is the HMAC-SHA256 hex of `data`, compared in constant time. Anything that is not 64 hex
 * characters is refused before comparing (timingSafeEqual throws on buffers of different lengths).
 */
export function hasHmacSha256Hex(secret: string, data: string | Buffer, signature: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(hmacSha256Hex(secret, data), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** One header's value; a repeated header (an array) counts as absent rather than picking one of them. */
export function singleHeader(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
