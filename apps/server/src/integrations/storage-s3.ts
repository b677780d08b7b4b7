import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Storage } from './storage-types.js';

export type S3Settings = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/**
 * Files in any S3-compatible store. Uploads stream through a multipart upload (never a whole file in memory);
 * a failed or refused upload is aborted, so nothing is left in the bucket. Checksums are computed only when the
 * store requires them: with the SDK's default, streamed uploads to some S3-compatible stores get corrupted.
 */
export function createS3Storage(settings: S3Settings): Storage & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  return {
    client,
    async put(key, source) {
      let size = 0;
      source.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: source },
        queueSize: 2,
        partSize: 5 * 1024 * 1024,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        await upload.abort().catch(() => undefined);
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        throw err;
      }
      return { size };
    },
    async read(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return (res.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (
          err instanceof NoSuchKey ||
          (err as { name?: string }).name === 'NoSuchKey' ||
          (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        ) {
          return null;
        }
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    /** Whether the bucket answers (readiness). */
    async ready() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
