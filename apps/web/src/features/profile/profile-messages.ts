/** The profile page's toasts, word for word from spec §8. */
export const profileMessages = {
  successTitle: 'Success',
  avatarSaved: 'Profile updated successfully',
  detailsSaved: 'Your profile information has been updated successfully.',
  failureTitle: 'Uh oh! Something went wrong.',
  failureFallback: 'An unexpected error occurred. Please try again later.',
  errorTitle: 'Error',
} as const;
