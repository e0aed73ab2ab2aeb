// A real S3-compatible server for the storage tests: s3rver (from npm) on a free local port, keeping its objects in a
// temporary folder. It is the test's peer, like a MinIO or R2 in production: the server's S3 backend talks the S3 API
// to it over HTTP with signed requests; nothing is mocked.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's own credentials: it checks every request's signature against them. */
const KEY = 'S3RVER';

export type S3Peer = {
  endpoint: string;
  /** A new, empty bucket; answers its name. */
  createBucket(name?: string): Promise<string>;
  /** The S3_* variables that point the server at `bucket`. */
  env(bucket: string): Record<string, string>;
  client: S3Client;
  close(): Promise<void>;
};

export async function startS3Peer(): Promise<S3Peer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'topup-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  let count = 0;
  return {
    endpoint,
    client,
    async createBucket(name = `test-${process.pid}-${++count}-${Date.now().toString(36)}`) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    env: (bucket) => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

let shared: Promise<S3Peer> | undefined;

/** One peer per test file, started on first use; test/setup.ts closes it after the file. */
export function sharedS3Peer(): Promise<S3Peer> {
  return (shared ??= startS3Peer());
}

export async function closeSharedS3Peer(): Promise<void> {
  const peer = shared;
  shared = undefined;
  if (peer) await (await peer).close();
}
