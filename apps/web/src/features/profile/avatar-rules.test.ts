import { AVATAR_MAX_BYTES, avatarMessages } from '@skillroute/shared/auth';
import { describe, expect, it } from 'vitest';
import { checkAvatarFile } from './avatar-rules';

function fileOf(type: string, size: number, name = 'me.png'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('checkAvatarFile', () => {
  it.each(['image/jpeg', 'image/jpg', 'image/png', 'image/webp'])('accepts %s', (type) => {
    expect(checkAvatarFile(fileOf(type, 1000))).toBeNull();
  });

  it.each(['image/gif', 'image/svg+xml', 'application/pdf', ''])(
    'refuses %j with the type message',
    (type) => {
      expect(checkAvatarFile(fileOf(type, 1000))).toBe(avatarMessages.type);
    },
  );

  it('accepts exactly 5 MB and refuses one byte more', () => {
    expect(checkAvatarFile(fileOf('image/png', AVATAR_MAX_BYTES))).toBeNull();
    expect(checkAvatarFile(fileOf('image/png', AVATAR_MAX_BYTES + 1))).toBe(avatarMessages.size);
  });

  it('asks for a file when there is none', () => {
    expect(checkAvatarFile(null)).toBe(avatarMessages.missing);
    expect(checkAvatarFile(undefined)).toBe(avatarMessages.missing);
  });
});
