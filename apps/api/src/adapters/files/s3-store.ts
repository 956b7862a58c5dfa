import { assertSafeKey, IMMUTABLE_CACHE_CONTROL, type FileStore } from './file-store';
import { encodeRfc3986, sha256Hex, signS3Request, type S3Credentials } from './s3-signature';

export interface S3StoreOptions extends S3Credentials {
  bucket: string;
  /** An S3-compatible server (MinIO, R2, ...); AWS's regional endpoint when unset. */
  endpoint: string | undefined;
  /** Tests pin the clock; the signature must use the time of sending otherwise. */
  now?: () => Date;
  fetch?: typeof fetch;
}

/** An object store that does not answer in this long is treated as down: the upload fails, nothing hangs. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Files as objects in a bucket, addressed path-style (`<endpoint>/<bucket>/<key>`), which every
 * S3-compatible server supports. Objects are read straight from the bucket, so it must allow public reads
 * of them (a bucket policy or a CDN in front); we set no ACL, since many buckets refuse ACLs.
 */
export function createS3FileStore(options: S3StoreOptions): FileStore {
  const base = (options.endpoint ?? `https://s3.${options.region}.amazonaws.com`).replace(/\/+$/, '');
  const bucketUrl = `${base}/${encodeRfc3986(options.bucket)}/`;
  const now = options.now ?? (() => new Date());
  const send = options.fetch ?? fetch;
  const urlOf = (key: string) => {
    assertSafeKey(key);
    return new URL(`${bucketUrl}${key.split('/').map(encodeRfc3986).join('/')}`);
  };

  async function call(method: 'PUT' | 'DELETE', key: string, body: Buffer | undefined, headers: Record<string, string>): Promise<void> {
    const url = urlOf(key);
    const signed = signS3Request({ method, url, headers, payloadHash: sha256Hex(body ?? ''), now: now() }, options);
    const response = await send(url, { method, headers: signed.headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    // DELETE of a missing object answers 204 on S3 and 404 on some compatible servers: both mean "gone".
    if (response.ok || (method === 'DELETE' && response.status === 404)) {
      await response.body?.cancel();
      return;
    }
    const detail = (await response.text().catch(() => '')).slice(0, 500);
    throw new Error(`S3 ${method} ${url.pathname} answered ${response.status}: ${detail}`);
  }

  return {
    async put(key, bytes, contentType) {
      await call('PUT', key, bytes, { 'content-type': contentType, 'cache-control': IMMUTABLE_CACHE_CONTROL });
      return { url: urlOf(key).toString() };
    },
    async remove(key) {
      await call('DELETE', key, undefined, {});
    },
    keyFromUrl(url) {
      if (!url.startsWith(bucketUrl)) return undefined;
      const key = url
        .slice(bucketUrl.length)
        .split('/')
        .map((segment) => decodeURIComponent(segment))
        .join('/');
      try {
        assertSafeKey(key);
        return key;
      } catch {
        return undefined;
      }
    },
  };
}
