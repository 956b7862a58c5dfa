import type { Config } from '../../config';
import { createDiskFileStore } from './disk-store';
import type { FileStore } from './file-store';
import { createS3FileStore } from './s3-store';

/** The store FILE_STORAGE names: the uploads folder by default, a bucket with FILE_STORAGE=s3. */
export function createFileStore(files: Config['files']): FileStore {
  if (files.storage === 'disk') return createDiskFileStore(files.uploadsDir);
  if (files.accessKeyId === undefined || files.secretAccessKey === undefined) {
    throw new Error('FILE_STORAGE=s3 needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to sign its requests.');
  }
  return createS3FileStore({
    bucket: files.bucket,
    endpoint: files.endpoint,
    region: files.region,
    accessKeyId: files.accessKeyId,
    secretAccessKey: files.secretAccessKey,
  });
}
