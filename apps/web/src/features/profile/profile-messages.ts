import { FAILURE_TITLE } from '@skillroute/shared/errors';
/** The profile page's toasts, word for word from spec §8. */
export const profileMessages = {
  successTitle: 'Success',
  avatarSaved: 'Profile updated successfully',
  detailsSaved: 'Your profile information has been updated successfully.',
  failureTitle: FAILURE_TITLE,
  failureFallback: 'An unexpected error occurred. Please try again later.',
  errorTitle: 'Error',
  // Ours: the spec has no time zone on the profile.
  timezoneSaved: 'Your time zone has been updated. Times are now shown in it.',
} as const;
