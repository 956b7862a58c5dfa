import { FAILURE_TITLE } from '@skillroute/shared/errors';
/** Texts of the notifications page, written once for the page and its tests. */
export const notificationMessages = {
  empty: 'You have no notifications yet.',
  loadFailed: 'Your notifications could not be loaded.',
  loadMoreFailed: 'More notifications could not be loaded.',
  allRead: 'All notifications are marked as read.',
  failureTitle: FAILURE_TITLE,
  markReadFailed: 'Your notifications could not be marked as read. Please try again.',
} as const;
