import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { t, translate } from '@/lib/i18n';

/**
 * Texts of the notifications page, written once for the page and its tests; each is read when it is shown,
 * in the reader's language (a getter, so the object reads as before).
 */
export const notificationMessages = {
  get empty() {
    return t('You have no notifications yet.');
  },
  get loadFailed() {
    return t('Your notifications could not be loaded.');
  },
  get loadMoreFailed() {
    return t('More notifications could not be loaded.');
  },
  get allRead() {
    return t('All notifications are marked as read.');
  },
  get failureTitle() {
    return translate(FAILURE_TITLE);
  },
  get markReadFailed() {
    return t('Your notifications could not be marked as read. Please try again.');
  },
};
