// Uploaded images in an S3-compatible bucket (AWS S3, MinIO, Garage, Cloudflare R2, …) that every instance of the shop
// shares, under the same layout as DATA_DIR: `uploads/NAME`, `private/screenshots/NAME`, `storage-probes/NAME`.
// A PUT is atomic and durable when it answers, so save and overwrite need no temp objects (docs/decisions/0074).
import { randomUUID } from 'node:crypto';
import type { S3ServiceException } from '@aws-sdk/client-s3';
import { BUCKET_FOLDERS, contentTypeOf, isStoredName, PROBE_FOLDER, type Bucket, type FileStorage } from './file-storage.ts';

export type S3Settings = {
  /** Omitted for AWS itself; `https://<account>.r2.cloudflarestorage.com`, `http://minio:9000`, … otherwise. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both or neither; neither lets the SDK find credentials itself (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket.host/key` (virtual-hosted, AWS and R2) or `host/bucket/key` (MinIO, Garage and most self-hosted stores). */
  forcePathStyle: boolean;
};

/** Timeouts short enough that a store that went away fails a request, not hangs it. */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** An error the store answered (its name is the S3 error code), as opposed to a network or client fault. */
function fromStore(err: unknown): err is S3ServiceException {
  return err instanceof Error && typeof (err as Partial<S3ServiceException>).$metadata === 'object';
}

/** No such object; a missing bucket (also a 404) is a fault of the set-up, not a missing file. */
function missing(err: unknown): boolean {
  return fromStore(err) && err.name !== 'NoSuchBucket' && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);
}

/** A clear line for the log and the start-up refusal: which bucket, and what the store answered. */
export function describeS3Error(err: unknown, settings: Pick<S3Settings, 'bucket' | 'endpoint'>): string {
  const where = `bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
  if (fromStore(err)) {
    // HeadBucket answers a bare 404 (no body, so no error code) for a missing bucket.
    if (err.name === 'NoSuchBucket' || (err.name === 'NotFound' && err.$metadata.httpStatusCode === 404))
      return `${where}: no such bucket (create it first)`;
    if (
      err.$metadata.httpStatusCode === 403 ||
      err.name === 'AccessDenied' ||
      err.name === 'InvalidAccessKeyId' ||
      err.name === 'SignatureDoesNotMatch'
    ) {
      return `${where}: access denied (${err.name}); check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`;
    }
    return `${where}: ${err.name} (${err.$metadata.httpStatusCode ?? 'no status'}) ${err.message}`;
  }
  return `${where}: ${(err as Error).message || String(err)}`;
}

export async function createS3Storage(settings: S3Settings): Promise<FileStorage> {
  // Loaded only when a bucket is configured: a shop on its data folder does not carry the SDK in memory.
  const { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where the API requires them: several S3-compatible stores refuse the SDK's default trailing
    // checksums (aws-chunked uploads). The bytes are checked by the image checks anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const Bucket = settings.bucket;
  const keyOf = (bucket: Bucket, name: string) => `${BUCKET_FOLDERS[bucket]}/${name}`;

  async function put(Key: string, Body: Buffer, ContentType: string) {
    await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentType, ContentLength: Body.length }));
  }

  async function get(Key: string): Promise<Buffer | null> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async function del(Key: string) {
    await client.send(new DeleteObjectCommand({ Bucket, Key }));
  }

  return {
    kind: 's3',
    where: `s3://${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,
    async save(bucket, data, ext) {
      const name = `${randomUUID()}.${ext}`;
      await put(keyOf(bucket, name), data, contentTypeOf(name));
      return name;
    },
    async overwrite(bucket, name, data) {
      if (!isStoredName(name)) throw new Error('not a stored file name');
      await put(keyOf(bucket, name), data, contentTypeOf(name));
    },
    async remove(bucket, name) {
      if (isStoredName(name)) await del(keyOf(bucket, name));
    },
    async read(bucket, name) {
      return isStoredName(name) ? get(keyOf(bucket, name)) : null;
    },
    async *listOlderThan(bucket, before) {
      const Prefix = `${BUCKET_FOLDERS[bucket]}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const entries = (page.Contents ?? [])
          .map((o) => ({ name: (o.Key ?? '').slice(Prefix.length), modifiedMs: o.LastModified?.getTime() ?? 0 }))
          .filter((e) => isStoredName(e.name) && e.modifiedMs < before);
        if (entries.length) yield entries;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    // A PUT is all or nothing: an interrupted write leaves no object behind.
    removeLeftovers: async () => 0,
    async writeProbe(name, data) {
      const Key = `${PROBE_FOLDER}/${name}`;
      if (data === null) await del(Key);
      else await put(Key, data, 'application/json');
    },
    readProbe: (name) => get(`${PROBE_FOLDER}/${name}`),
    async ping() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        throw new Error(describeS3Error(err, settings), { cause: err });
      }
      return undefined;
    },
    close() {
      client.destroy();
    },
  };
}
