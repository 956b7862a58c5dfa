/** Business constants and limits of spec §9, written once for both apps. */

export const PERSIST_KEY = 'root';
export const THEME_STORAGE_KEY = 'theme';
export const THEME_DARK_VALUE = 'dark';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export const NOTIFICATION_BADGE_MAX = 9;

export const CACHE_KEEP_UNUSED_SECONDS = 60;

export const SOCKET_PATH = '/notification-socket/socket.io';
export const SOCKET_RECONNECTION_DELAY_MS = 1000;
export const SOCKET_RECONNECTION_DELAY_MAX_MS = 5000;
export const SOCKET_CONNECT_TIMEOUT_MS = 20_000;

/** RTK Query cache tags, spelled as the spec gives them. */
export const API_TAGS = [
  'Users',
  'Roadmap',
  'RoadmapPublished',
  'AvailbilityMentor',
  'BookingData',
  'MentorDetails',
] as const;
export type ApiTag = (typeof API_TAGS)[number];

export const REFRESH_PATH = '/api/auth/refreshToken';
export const ADMIN_REFRESH_PATH = '/api/admin/refreshToken';
