import { PassThrough, type Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from '@agency/schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newStoredFilename, type Storage } from './storage.js';
import { AppError } from '../core/errors.js';
import { sniffMime } from '../lib/file-type.js';

export type StoredUpload = { name: string; mime: string; size: number; storedFilename: string };

const MULTIPART_OVERHEAD_PER_FILE = 64 * 1024;

type RouteScope = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Declares the routes that take files as multipart/form-data in a scope of their own, with the multipart parser.
 * Wherever that plugin is registered it adds an onRequest and an onResponse hook (a promise each, and a listener on
 * every response) for its temporary files: here they run for the upload routes only, not for every request (the
 * polls), and a multipart body sent anywhere else is refused as an unsupported media type.
 */
export async function withMultipart(app: RouteScope, routes: (scope: RouteScope) => void) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: MAX_ATTACHMENTS_PER_MESSAGE } });
    routes(scope);
  });
}

/** Refuses a request whose declared length already exceeds what the limits allow, before reading any of it. */
export function assertDeclaredLength(request: FastifyRequest, maxFiles: number, maxBytes: number, quotaBytes?: number) {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (quotaBytes !== undefined && declared > quotaBytes + maxFiles * MULTIPART_OVERHEAD_PER_FILE) throw new AppError('QUOTA_EXCEEDED');
  if (declared > maxFiles * (maxBytes + MULTIPART_OVERHEAD_PER_FILE)) {
    throw new AppError('PAYLOAD_TOO_LARGE', `At most ${maxFiles} files of ${maxBytes / 1024 / 1024} MB each`);
  }
}

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSAFE_IN_NAMES = /[\\/\u0000-\u001f]/g;

/** A stored name never carries control characters, path separators or unpaired surrogates. */
export function safeFileName(original: string | undefined): string {
  return (original || 'file').toWellFormed().replace(UNSAFE_IN_NAMES, '_').slice(0, 200);
}

/** Captures the first bytes of a stream for type detection while passing everything through. */
function withHead(source: Readable) {
  const head: Buffer[] = [];
  let headBytes = 0;
  const through = new PassThrough();
  source.on('data', (chunk: Buffer) => {
    if (headBytes < 64) {
      head.push(chunk.subarray(0, 64 - headBytes));
      headBytes += Math.min(chunk.length, 64 - headBytes);
    }
  });
  source.on('error', (err) => through.destroy(err));
  source.pipe(through);
  return { stream: through, head: () => Buffer.concat(head) };
}

/** The answer when the file store cannot take a file: 503 with Retry-After, never a 400 that blames the upload. */
function storageUnavailable(cause: unknown): AppError {
  const error = new AppError('UNAVAILABLE', 'File storage is unavailable; try the upload again in a minute', { 'retry-after': '30' });
  error.cause = cause;
  return error;
}

/**
 * Streams every file part of a multipart request to storage, one at a time, never holding a whole file in
 * memory. Over the per-file size or the file count: everything this request stored is removed and 413 is thrown.
 */
export async function streamUploads(
  request: FastifyRequest,
  storage: Storage,
  limits: { maxFiles: number; maxBytes: number; /** What is left of the uploader's storage quota. */ quotaBytes?: number },
) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data');
  const stored: StoredUpload[] = [];
  const tooLarge = new AppError('PAYLOAD_TOO_LARGE', `At most ${limits.maxFiles} files of ${limits.maxBytes / 1024 / 1024} MB each`);
  const overQuota = new AppError('QUOTA_EXCEEDED');
  let total = 0;
  try {
    const parts = request.files({ limits: { fileSize: limits.maxBytes, files: limits.maxFiles, fields: 10 }, throwFileSizeLimit: true });
    for await (const part of parts) {
      const storedFilename = newStoredFilename(part.filename);
      const { stream, head } = withHead(part.file);
      let size: number;
      try {
        ({ size } = await storage.put(storedFilename, stream));
      } catch (err) {
        await storage.remove(storedFilename).catch(() => undefined);
        // The upload itself failed (cut off, too large, not multipart): the caller's to fix. Otherwise the store
        // refused or could not be reached: ours, and worth trying again shortly.
        if (part.file.errored || part.file.truncated || err instanceof AppError) throw err;
        throw storageUnavailable(err);
      }
      if (part.file.truncated) {
        await storage.remove(storedFilename);
        throw tooLarge;
      }
      total += size;
      if (limits.quotaBytes !== undefined && total > limits.quotaBytes) {
        await storage.remove(storedFilename);
        throw overQuota;
      }
      const name = safeFileName(part.filename);
      stored.push({ name, mime: sniffMime(head()), size, storedFilename });
    }
  } catch (err) {
    await Promise.all(stored.map((f) => storage.remove(f.storedFilename).catch(() => undefined)));
    const status = (err as { statusCode?: number }).statusCode;
    if (err instanceof AppError) throw err;
    if (status === 413) throw tooLarge;
    throw new AppError('BAD_REQUEST', 'The upload could not be read');
  }
  if (stored.length === 0) throw new AppError('BAD_REQUEST', 'Attach at least one file');
  return {
    files: stored,
    discard: () => Promise.all(stored.map((f) => storage.remove(f.storedFilename))).then(() => undefined),
  };
}
