import { AVATAR_MAX_BYTES, AVATAR_TYPES, avatarMessages } from '@skillroute/shared/auth';

/** What the file input offers; the check below is what counts (a picker can be told "all files"). */
export const AVATAR_ACCEPT = '.jpg,.jpeg,.png,.webp';

/**
 * The avatar rules of spec §5, checked before any upload: a missing file, a type other than jpeg, png or
 * webp, or more than 5 MB gives the message to show; a good file gives null. The server checks the
 * bytes themselves again.
 */
export function checkAvatarFile(file: File | null | undefined): string | null {
  if (!file) return avatarMessages.missing;
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return avatarMessages.type;
  if (file.size > AVATAR_MAX_BYTES) return avatarMessages.size;
  return null;
}
