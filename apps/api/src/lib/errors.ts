import type { ErrorItem } from '@skillroute/shared/errors';

/** The one table of DESIGN.md §4 from what went wrong to the HTTP status the client sees. */
export const statusByCode = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  internal: 500,
  bad_gateway: 502,
  service_unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

/**
 * What services throw when a rule refuses: a code (mapped to a status in one place) and the words the
 * person sees. Only the error handler turns it into HTTP.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: AppErrorCode;
  readonly errors: ErrorItem[];
  /** The envelope's machine-readable `reason`, where the client must act on more than the text. */
  readonly reason: string | undefined;
  /** Seconds until trying again makes sense; sent as Retry-After (with 429). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: AppErrorCode,
    message: string,
    errors: ErrorItem[] = [{ message }],
    extra: { reason?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.code = code;
    this.errors = errors;
    this.reason = extra.reason;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }

  get statusCode(): number {
    return statusByCode[this.code];
  }
}
