import sharp from 'sharp';
import { AVATAR_MAX_BYTES, avatarMessages } from '@skillroute/shared/auth';
import { AppError } from '../../lib/errors';

/** Avatars are shown at most this big; anything larger only costs bandwidth. */
export const AVATAR_SIZE_PX = 512;
export const AVATAR_CONTENT_TYPE = 'image/webp';
/**
 * A small file can still decode to a huge bitmap (a "decompression bomb"); past this many pixels we refuse
 * before decoding. 50 megapixels admits the photos of today's phones.
 */
export const AVATAR_MAX_INPUT_PIXELS = 50_000_000;

export type AvatarInputType = 'jpeg' | 'png' | 'webp';

/**
 * The image type by the file's first bytes, whatever its name or declared type say: JPEG FF D8 FF,
 * PNG 89 50 4E 47 0D 0A 1A 0A, WEBP "RIFF" <size> "WEBP".
 */
export function sniffImageType(bytes: Buffer): AvatarInputType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return undefined;
}

function avatarError(
  code: 'bad_request' | 'payload_too_large' | 'unsupported_media_type',
  message: string,
): AppError {
  return new AppError(code, message, [{ message, field: 'avatar' }]);
}

/**
 * Turns an uploaded file into the avatar we store: checked by content and size (spec §5 messages), then
 * re-encoded, which drops anything hidden in the original: turned upright per its EXIF orientation, then
 * all metadata (EXIF, GPS position, ICC) left out, fitted within 512x512 and written as WebP.
 */
export async function processAvatar(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw avatarError('bad_request', avatarMessages.missing);
  if (bytes.length > AVATAR_MAX_BYTES) throw avatarError('payload_too_large', avatarMessages.size);
  if (sniffImageType(bytes) === undefined) throw avatarError('unsupported_media_type', avatarMessages.type);
  try {
    return await sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (_error) {
    // Valid magic bytes but an undecodable body (truncated, corrupt, too many pixels): the person's file
    // is at fault, not our server, so this is a 400 with the spec's words, not a 500.
    throw avatarError('bad_request', avatarMessages.processing);
  }
}
