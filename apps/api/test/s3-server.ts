import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

export interface S3Server {
  /** Path-style base URL, e.g. http://127.0.0.1:41234 */
  endpoint: string;
  bucket: string;
  region: string;
  /** The only key pair s3rver knows; requests signed with any other secret are refused (SignatureDoesNotMatch). */
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port, with one bucket, keeping its objects in a
 * temporary folder. It checks SigV4 signatures and the request time as S3 does, and serves objects to
 * unsigned GETs, as a bucket with public reads would.
 */
export async function startS3Server(bucket = 'skillroute-test'): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'skillroute-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'eu-central-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
