import { z } from 'zod';
import { msg } from './i18n/msg';

/**
 * The one error envelope of DESIGN.md §4, whatever the status. The spec's clients read
 * `errors[0].message`, falling back to `message`.
 */
export const errorItemSchema = z.object({
  message: z.string(),
  field: z.string().optional(),
});

export const errorEnvelopeSchema = z.object({
  message: z.string(),
  errors: z.array(errorItemSchema),
  /**
   * A machine-readable reason where a client must act differently, not only show the text
   * (e.g. `unverified` on sign-in sends the user to the code step). Optional: most errors have none.
   */
  reason: z.string().optional(),
});

export type ErrorItem = z.infer<typeof errorItemSchema>;
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Generic texts the server uses when it has nothing more specific to say. */
export const errorMessages = {
  badRequest: msg('The request is not valid.'),
  malformedJson: msg('The request body is not valid JSON.'),
  notFound: msg('Not found.'),
  unauthorized: msg('You need to sign in.'),
  forbidden: msg('You are not allowed to do this.'),
  payloadTooLarge: msg('The request body is too large.'),
  uriTooLong: msg('The address is too long.'),
  unsupportedMediaType: msg('This content type is not supported.'),
  tooManyRequests: msg('Too many requests. Please try again later.'),
  internal: msg('Something went wrong on our side. Please try again later.'),
  serviceUnavailable: msg('The service is unavailable right now.'),
  nothingToUpdate: msg('Send at least one field to change.'),
} as const;

/** The title of every failure toast (spec §8: "Uh oh! Something went wrong."). */
export const FAILURE_TITLE = msg('Uh oh! Something went wrong.');

/** The first message a client should show for an error body, as spec §8 reads it. */
export function firstErrorMessage(body: unknown, fallback: string): string {
  const parsed = errorEnvelopeSchema.safeParse(body);
  if (!parsed.success) return fallback;
  return parsed.data.errors[0]?.message ?? parsed.data.message ?? fallback;
}
