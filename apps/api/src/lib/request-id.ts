import { randomUUID } from 'node:crypto';

/** What we accept from a proxy's or client's x-request-id: short and free of anything a log could misread. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the incoming x-request-id when it is sane (so a trace spans the proxy), else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}
