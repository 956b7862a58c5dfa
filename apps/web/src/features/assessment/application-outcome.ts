import { mentorMessages } from '@skillroute/shared/mentors';
import { errorMessage, type ApiError } from '@/lib/api-error';

/**
 * What a refused application tells the person (spec §8): 404 means the stack has no test yet, 409 shows the
 * server's reason (already assessed, a test running, the 24-hour wait), a 400 goes under the fields it names,
 * and anything else is the generic toast.
 */
export function applicationOutcome(status: number | undefined, error: ApiError): { kind: 'invalid' | 'refused'; title: string } {
  if (status === 404) return { kind: 'refused', title: mentorMessages.noTests };
  if (status === 409) return { kind: 'refused', title: errorMessage(error, mentorMessages.genericFailure) };
  if (status === 400) return { kind: 'invalid', title: mentorMessages.genericFailure };
  return { kind: 'refused', title: mentorMessages.genericFailure };
}
