import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ErrorEnvelope, ErrorItem } from '@skillroute/shared/errors';
import { translate } from './i18n';

/** What an RTK Query hook reports as `error`: a failed fetch, or a thrown error serialised by RTK. */
export type ApiError = FetchBaseQueryError | SerializedError | undefined;

/** The HTTP status of a failed call, or undefined for network and parsing failures. */
export function errorStatus(error: ApiError): number | undefined {
  if (error && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}

function isErrorItem(value: unknown): value is ErrorItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.message === 'string' && (item.field === undefined || typeof item.field === 'string');
}

/**
 * The error envelope of DESIGN.md §4 (packages/shared/src/errors.ts), or null for any other body.
 * Checked by hand rather than with the shared zod schema: this runs on every signed-in page (logout,
 * session check), and zod would add about 40 kB gzip there for one object check.
 */
function envelopeOf(error: ApiError): ErrorEnvelope | null {
  const body: unknown = error && 'status' in error && 'data' in error ? error.data : undefined;
  if (typeof body !== 'object' || body === null) return null;
  const { message, errors, reason } = body as Record<string, unknown>;
  if (typeof message !== 'string' || !Array.isArray(errors) || !errors.every(isErrorItem)) return null;
  return { message, errors, ...(typeof reason === 'string' ? { reason } : {}) };
}

/**
 * The message to show (spec §8: errors[0].message, then message), or `fallback` when there is none, in the reader's
 * language (the api writes in it already; a rule's English message it passes on is translated here).
 */
export function errorMessage(error: ApiError, fallback: string): string {
  const envelope = envelopeOf(error);
  return translate(envelope?.errors[0]?.message ?? envelope?.message ?? fallback);
}

/** The envelope's machine-readable reason (e.g. "unverified" on sign-in), when the server gave one. */
export function errorReason(error: ApiError): string | undefined {
  return envelopeOf(error)?.reason;
}

/** The envelope's entries, each with its field when the server tied it to one. */
export function errorItems(error: ApiError): ErrorItem[] {
  return envelopeOf(error)?.errors ?? [];
}
