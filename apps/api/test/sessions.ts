import type { LightMyRequestResponse } from 'fastify';

/** The cookies a response set, by name (a cleared cookie has the value ''). */
export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

/** A Cookie header carrying the named cookies, as a browser would send them back. */
export function cookieHeader(cookies: Record<string, string | undefined>): string {
  return Object.entries(cookies)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}
