import { msg } from '@skillroute/shared/i18n/msg';
import { meetMessages, type MeetRoom } from '@skillroute/shared/meet';
import { t } from '@/lib/i18n';

/** Plain rules of the meeting room page: where a room stands, what the page says, which key does what. */

export type RoomState = 'open' | 'not-open-yet' | 'closed' | 'cancelled' | 'no-show';

/**
 * Where the room stands at `now`. The server's `open` decides when it says yes; otherwise the status and
 * times tell why not. Until the closing, a confirmed session's room counts as not open yet: the answer
 * may be from before the opening, and the page asks again when the time comes.
 */
export function roomState(room: MeetRoom, now: number): RoomState {
  const { status } = room.booking;
  if (status === 'cancelled') return 'cancelled';
  if (status === 'no_show') return 'no-show';
  if (room.open) return 'open';
  if (status !== 'confirmed' && status !== 'completed') return 'closed';
  return now < Date.parse(room.closesAt) ? 'not-open-yet' : 'closed';
}

export const refusalText: Record<Exclude<RoomState, 'open' | 'not-open-yet'>, string> = {
  closed: meetMessages.closed,
  cancelled: meetMessages.cancelled,
  'no-show': meetMessages.noShow,
};

/** A duration as "h:mm:ss", or "mm:ss" under an hour; never below zero. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${String(minutes).padStart(2, '0')}:${seconds}`;
}

/** The countdown of the call: to the end of the session, then to the room's closing. */
export function sessionCountdown(endTime: string, closesAt: string, now: number): string {
  const toEnd = Date.parse(endTime) - now;
  if (toEnd > 0) return t('Session ends in {time}', { time: formatDuration(toEnd) });
  return t('Session time is over · the room closes in {time}', {
    time: formatDuration(Date.parse(closesAt) - now),
  });
}

/** The other person's presence, as the live region says it: `null` until this side is in the room, when nobody knows. */
export const presenceText = (peerName: string, present: boolean | null): string =>
  present === null
    ? t('Connecting…')
    : present
      ? t('{name} is here', { name: peerName })
      : t('Waiting for {name} to join', { name: peerName });

/** The initials a camera-off tile shows: of the first and the last word of the name ("Maya Chen" → "MC"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (first === undefined) return '?';
  const last = words.length > 1 ? words.at(-1) : undefined;
  // Array.from keeps a letter outside the Basic Multilingual Plane whole.
  return [first, last]
    .map((word) => (word === undefined ? '' : Array.from(word)[0]!.toLocaleUpperCase()))
    .join('');
}

/**
 * Why the camera or microphone cannot be used, in words the person can act on; they can still join. Kept in
 * English (the page's state) and shown with `translate`.
 */
export function mediaErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return msg(
        'You did not allow the camera and microphone. Allow them in the browser’s site settings and reload, or join without them.',
      );
    case 'NotFoundError':
    case 'OverconstrainedError':
      return msg('No camera or microphone was found. Connect one and reload, or join without it.');
    case 'NotReadableError':
    case 'AbortError':
      return msg(
        'The camera or microphone is in use by another app. Close it and reload, or join without it.',
      );
    case 'Unsupported':
      return msg(
        'This browser cannot use a camera or microphone on this page. You can still join, see and hear the other person, and chat.',
      );
    default:
      return msg('The camera and microphone could not be started. You can still join without them.');
  }
}

/** What is missing when only part of the devices came up (a camera but no microphone, or the reverse). */
export function missingDeviceMessage(hasAudio: boolean, hasVideo: boolean): string | null {
  if (hasAudio && hasVideo) return null;
  if (!hasAudio && !hasVideo) return mediaErrorMessage(new DOMException('', 'NotFoundError'));
  return hasAudio
    ? msg('No camera was found: the other person will hear you without seeing you.')
    : msg('No microphone was found: the other person will see you without hearing you.');
}

export type Shortcut = 'mute' | 'camera';

/**
 * The call's keyboard shortcuts: M mutes or unmutes, V turns the camera off or on. Not while typing (the
 * chat, any field) and not with a modifier, so the browser's own shortcuts keep working.
 */
export function shortcutFor(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}): Shortcut | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target as HTMLElement | null;
  if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)))
    return null;
  const key = event.key.toLowerCase();
  if (key === 'm') return 'mute';
  if (key === 'v') return 'camera';
  return null;
}
