/**
 * Where uploaded files live. The rest of the api only knows this interface; `createFileStore` picks the
 * disk or the S3 implementation from the configuration (FILE_STORAGE).
 */
export interface FileStore {
  /**
   * Stores `bytes` under `key` (replacing what was there) and says where browsers can fetch it. Rejects with
   * a `FileStoreUnavailableError` when the store cannot take the file.
   */
  put(key: string, bytes: Buffer, contentType: string): Promise<{ url: string }>;
  /** Removes the file; removing a file that is already gone is not an error. */
  remove(key: string): Promise<void>;
  /** The key of a URL this store handed out, or undefined for any other URL (e.g. an external avatar). */
  keyFromUrl(url: string): string | undefined;
}

/**
 * The store could not take a file: a read-only or full disk, a bucket that refuses or does not answer. Not the
 * client's fault and not a bug here, so the client is told to try later (503) and the cause goes to the log.
 */
export class FileStoreUnavailableError extends Error {
  override name = 'FileStoreUnavailableError';
}

/** Stored files never change under their key (new content gets a new key), so browsers may keep them a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/**
 * Keys are made by our own code, but a key is also a path on disk and in a bucket: one that could climb
 * out of its folder (`..`), start at the root or carry odd characters is refused outright.
 */
export function assertSafeKey(key: string): void {
  if (
    key.length > 512 ||
    !SAFE_KEY.test(key) ||
    key.split('/').some((segment) => segment === '.' || segment === '..' || segment.includes('..'))
  ) {
    throw new Error(
      `Refusing the file key ${JSON.stringify(key)}: keys are relative paths of letters, digits, '.', '_' and '-'.`,
    );
  }
}
