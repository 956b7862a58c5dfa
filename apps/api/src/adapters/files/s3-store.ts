import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import {
  assertSafeKey,
  FileStoreUnavailableError,
  IMMUTABLE_CACHE_CONTROL,
  type FileStore,
} from './file-store';

export interface S3StoreOptions {
  bucket: string;
  /** An S3-compatible server (MinIO, R2, ...); AWS's regional endpoint when unset. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** An object store that does not answer in this long is treated as down: the upload fails, nothing hangs. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Files as objects in a bucket, addressed path-style (`<endpoint>/<bucket>/<key>`), which every
 * S3-compatible server supports. Requests are signed (SigV4) by aws4fetch (decision 019). Objects are read
 * straight from the bucket, so it must allow public reads of them (a bucket policy or a CDN in front); we set
 * no ACL, since many buckets refuse ACLs.
 */
export function createS3FileStore(options: S3StoreOptions): FileStore {
  const base = (options.endpoint ?? `https://s3.${options.region}.amazonaws.com`).replace(/\/+$/, '');
  const bucketUrl = `${base}/${encodeURIComponent(options.bucket)}/`;
  // No retries of its own: one attempt within the timeout, and the caller sees the failure.
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    retries: 0,
  });
  const urlOf = (key: string) => {
    assertSafeKey(key);
    return new URL(`${bucketUrl}${key.split('/').map(encodeURIComponent).join('/')}`);
  };

  async function call(
    method: 'PUT' | 'DELETE',
    key: string,
    body: Buffer | undefined,
    headers: Record<string, string>,
  ): Promise<void> {
    const url = urlOf(key);
    // aws4fetch sends S3 bodies as UNSIGNED-PAYLOAD unless told the hash: signing it lets the store refuse a
    // body that changed on the way.
    const payloadHash = createHash('sha256')
      .update(body ?? '')
      .digest('hex');
    const response = await client
      .fetch(url.toString(), {
        method,
        headers: { ...headers, 'x-amz-content-sha256': payloadHash },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
      .catch((error: unknown) => {
        throw new FileStoreUnavailableError(`S3 ${method} ${url.pathname} got no answer.`, { cause: error });
      });
    // DELETE of a missing object answers 204 on S3 and 404 on some compatible servers: both mean "gone".
    if (response.ok || (method === 'DELETE' && response.status === 404)) {
      await response.body?.cancel();
      return;
    }
    const detail = (await response.text().catch(() => '')).slice(0, 500);
    throw new FileStoreUnavailableError(
      `S3 ${method} ${url.pathname} answered ${response.status}: ${detail}`,
    );
  }

  return {
    async put(key, bytes, contentType) {
      await call('PUT', key, bytes, {
        'content-type': contentType,
        'cache-control': IMMUTABLE_CACHE_CONTROL,
      });
      return { url: urlOf(key).toString() };
    },
    async remove(key) {
      await call('DELETE', key, undefined, {});
    },
    keyFromUrl(url) {
      if (!url.startsWith(bucketUrl)) return undefined;
      try {
        const key = url
          .slice(bucketUrl.length)
          .split('/')
          .map((segment) => decodeURIComponent(segment))
          .join('/');
        assertSafeKey(key);
        return key;
      } catch {
        return undefined;
      }
    },
  };
}
