import { probeWritableFolderSync, whyNotWritable } from './lib/writable-folder';

/** DATA_DIR (or a folder the api keeps in it) cannot be written: the message says which and what to do. */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

const whatToDo = 'Set DATA_DIR to a folder Skillroute may write.';

/** The one sentence for a DATA_DIR the file system refused, from the error it refused with. */
export function dataDirError(dataDir: string, error: unknown): DataDirError {
  return new DataDirError(
    `DATA_DIR ${dataDir} is not a writable folder (${whyNotWritable(dataDir, error)}). ${whatToDo}`,
  );
}

/**
 * Checked once at start-up, by writing: the embedded database, the dev outbox and uploads on disk all live
 * in DATA_DIR, and finding out from the first upload or sign-up mail is finding out too late.
 */
export function assertDataDirWritable(dataDir: string, uploadsDir: string | undefined): void {
  try {
    probeWritableFolderSync(dataDir);
  } catch (error) {
    throw dataDirError(dataDir, error);
  }
  if (uploadsDir === undefined) return;
  try {
    probeWritableFolderSync(uploadsDir);
  } catch (error) {
    throw new DataDirError(
      `The uploads folder ${uploadsDir} in DATA_DIR is not a writable folder (${whyNotWritable(uploadsDir, error)}). ${whatToDo}`,
    );
  }
}
