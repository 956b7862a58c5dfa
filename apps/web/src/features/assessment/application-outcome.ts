import { assessmentReasons } from '@skillroute/shared/assessments';
import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { mentorMessages } from '@skillroute/shared/mentors';
import { errorMessage, errorReason, type ApiError } from '@/lib/api-error';

/**
 * What a refused application tells the person (spec §8): 404 means the stack has no test yet, 409 shows the
 * server's reason (already assessed, the 24-hour wait) or resumes the running test, a 400 goes under the fields it names,
 * and anything else is the generic toast.
 */
export function applicationOutcome(
  status: number | undefined,
  error: ApiError,
): { kind: 'invalid' | 'refused' | 'resume'; title: string } {
  // A test is already running: the person is taken back to it rather than left to look for it.
  if (status === 409 && errorReason(error) === assessmentReasons.testInProgress)
    return { kind: 'resume', title: errorMessage(error, FAILURE_TITLE) };
  if (status === 404) return { kind: 'refused', title: mentorMessages.noTests };
  if (status === 409) return { kind: 'refused', title: errorMessage(error, FAILURE_TITLE) };
  if (status === 400) return { kind: 'invalid', title: FAILURE_TITLE };
  return { kind: 'refused', title: FAILURE_TITLE };
}
