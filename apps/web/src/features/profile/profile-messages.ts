import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { t, translate } from '@/lib/i18n';

/** The profile page's toasts, word for word from spec §8, in the reader's language when read. */
export const profileMessages = {
  get successTitle() {
    return t('Success');
  },
  get avatarSaved() {
    return t('Profile updated successfully');
  },
  get detailsSaved() {
    return t('Your profile information has been updated successfully.');
  },
  get failureTitle() {
    return translate(FAILURE_TITLE);
  },
  get failureFallback() {
    return t('An unexpected error occurred. Please try again later.');
  },
  get errorTitle() {
    return t('Error');
  },
  // Ours: the spec has no time zone on the profile.
  get timezoneSaved() {
    return t('Your time zone has been updated. Times are now shown in it.');
  },
};
