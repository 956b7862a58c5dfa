import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarMessages } from '@skillroute/shared/auth';
import { AppError } from '../../lib/errors';
import { processAvatar, sniffImageType } from './avatar';

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } });

async function refusal(
  bytes: Buffer,
): Promise<{ status: number; message: string; field: string | undefined }> {
  try {
    await processAvatar(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    return { status: appError.statusCode, message: appError.message, field: appError.errors[0]?.field };
  }
  throw new Error('expected the file to be refused');
}

describe('sniffImageType', () => {
  it('names the type by content', async () => {
    expect(sniffImageType(await image(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await image(4, 4).png().toBuffer())).toBe('png');
    expect(sniffImageType(await image(4, 4).webp().toBuffer())).toBe('webp');
  });

  it('knows nothing else, however it is named', async () => {
    expect(sniffImageType(await image(4, 4).gif().toBuffer())).toBeUndefined();
    expect(sniffImageType(Buffer.from('just some text pretending to be a .png'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('processAvatar', () => {
  it('re-encodes png, jpeg and webp as WebP within 512x512, keeping the aspect ratio', async () => {
    for (const input of [
      await image(2000, 1000).png().toBuffer(),
      await image(2000, 1000).jpeg().toBuffer(),
      await image(2000, 1000).webp().toBuffer(),
    ]) {
      const meta = await sharp(await processAvatar(input)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 256 });
    }
  });

  it('never enlarges a small image', async () => {
    const meta = await sharp(await processAvatar(await image(100, 40).png().toBuffer())).metadata();
    expect(meta).toMatchObject({ width: 100, height: 40 });
  });

  it('turns the picture upright per EXIF, then strips EXIF and every other metadata', async () => {
    // Orientation 6: the camera was turned; the stored pixels are 300 wide and 100 high, shown 100x300.
    const photo = await image(300, 100)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret location' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const meta = await sharp(await processAvatar(photo)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 100, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses an empty file as no file at all', async () => {
    expect(await refusal(Buffer.alloc(0))).toEqual({
      status: 400,
      message: avatarMessages.missing,
      field: 'avatar',
    });
  });

  it('refuses other types by content with 415', async () => {
    const expected = { status: 415, message: avatarMessages.type, field: 'avatar' };
    expect(await refusal(await image(10, 10).gif().toBuffer())).toEqual(expected);
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual(expected);
    expect(await refusal(Buffer.from('plain text with a .png name'))).toEqual(expected);
  });

  it('refuses more than 5 MB with 413, before looking inside', async () => {
    const big = Buffer.alloc(AVATAR_MAX_BYTES + 1);
    (await image(4, 4).png().toBuffer()).copy(big);
    expect(await refusal(big)).toEqual({ status: 413, message: avatarMessages.size, field: 'avatar' });
  });

  it('refuses a file with the right magic bytes and garbage after with 400, not a crash', async () => {
    const png = await image(64, 64).png().toBuffer();
    const garbage = Buffer.concat([png.subarray(0, 8), Buffer.from('this is not a PNG body '.repeat(20))]);
    expect(await refusal(garbage)).toEqual({
      status: 400,
      message: avatarMessages.processing,
      field: 'avatar',
    });
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    expect(await refusal(truncated)).toEqual({
      status: 400,
      message: avatarMessages.processing,
      field: 'avatar',
    });
    const jpegHeaderOnly = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    expect(await refusal(jpegHeaderOnly)).toEqual({
      status: 400,
      message: avatarMessages.processing,
      field: 'avatar',
    });
  });

  it('refuses a small file that would decode to a huge bitmap', async () => {
    const bomb = await image(8000, 8000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(AVATAR_MAX_BYTES);
    expect(await refusal(bomb)).toEqual({ status: 400, message: avatarMessages.processing, field: 'avatar' });
  });
});
