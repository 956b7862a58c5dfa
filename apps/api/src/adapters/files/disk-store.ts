import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { whyNotWritable } from '../../lib/writable-folder';
import { assertSafeKey, FileStoreUnavailableError, type FileStore } from './file-store';

/** The URL prefix under which `serveUploads` publishes the disk store's folder. */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** Files in a folder (DATA_DIR/uploads by default), published by the api itself at /uploads/<key>. */
export function createDiskFileStore(uploadsDir: string): FileStore {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(uploadsDir, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      // Written beside the target and renamed into place, so a reader never sees half a file.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(partial, bytes);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true }).catch(() => undefined);
        throw new FileStoreUnavailableError(
          `The uploads folder ${uploadsDir} cannot take ${key} (${whyNotWritable(uploadsDir, error)}).`,
          { cause: error },
        );
      }
      return { url: `${UPLOADS_URL_PREFIX}${key}` };
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    keyFromUrl(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return undefined;
      const key = url.slice(UPLOADS_URL_PREFIX.length);
      try {
        assertSafeKey(key);
        return key;
      } catch {
        return undefined;
      }
    },
  };
}
