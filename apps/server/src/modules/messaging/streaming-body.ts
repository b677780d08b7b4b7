import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from '@agency/schema';
import { AppError } from '../../core/errors.js';
import { newStoredFilename, type Storage } from '../../integrations/storage.js';
import { sniffMime } from '../../lib/file-type.js';

/**
 * SPEC's `send-message` body carries files inline as data URLs: up to ten files of 10 MB, about 140 MB of JSON.
 * Read the usual way (the whole text, then JSON.parse, then a base64 decode) one such body costs several hundred
 * MB of memory. This parser reads the body as a token stream instead: every `message_attachments[].data` string
 * is decoded as it arrives and streamed straight to storage, and every other value is assembled as usual (each
 * capped in size). The parsed body carries the stored file in place of the data URL.
 */
export type StreamedFile = { storedFilename: string; size: number; mime: string };
/** What stands in a parsed body where a data URL was: `streamed:<n>`, the n-th file this request stored. */
export const STREAMED_PREFIX = 'streamed:';

/** Any other string in the body is at most this long (the message text's own limit is far below it). */
const MAX_PLAIN_STRING = 256 * 1024;
const MAX_DATA_URL_HEADER = 1024;

type Token = { name: string; value?: unknown };
type Frame = { kind: 'object'; value: Record<string, unknown>; key: string | null } | { kind: 'array'; value: unknown[] };

/** Decodes a data URL's payload piece by piece: base64 (carrying partial quads) or %-escapes (carrying partial escapes). */
class DataUrlDecoder {
  private header = '';
  private base64: boolean | null = null;
  private carry = '';
  mime = 'application/octet-stream';

  constructor(
    private readonly write: (bytes: Buffer) => Promise<void>,
    private readonly field: string,
  ) {}

  async push(text: string) {
    if (this.base64 === null) {
      this.header += text;
      const comma = this.header.indexOf(',');
      if (comma < 0) {
        if (this.header.length > MAX_DATA_URL_HEADER) throw this.invalid();
        return;
      }
      const match = /^data:([^;,]*)(;base64)?$/i.exec(this.header.slice(0, comma).replace(/;charset=[^;,]*/i, ''));
      if (!match) throw this.invalid();
      this.base64 = Boolean(match[2]);
      if (match[1]) this.mime = match[1];
      text = this.header.slice(comma + 1);
      this.header = '';
    }
    const input = this.carry + text;
    if (this.base64) {
      const clean = input.replace(/\s+/g, '');
      if (/[^A-Za-z0-9+/=_-]/.test(clean)) throw this.invalid();
      const usable = clean.length - (clean.length % 4);
      this.carry = clean.slice(usable);
      if (usable > 0) await this.write(Buffer.from(clean.slice(0, usable), 'base64'));
    } else {
      const cut = input.lastIndexOf('%');
      const keep = cut >= 0 && cut > input.length - 3 ? input.length - cut : 0;
      this.carry = input.slice(input.length - keep);
      const ready = input.slice(0, input.length - keep);
      if (ready) {
        let bytes: Buffer;
        try {
          bytes = Buffer.from(decodeURIComponent(ready), 'utf8');
        } catch {
          throw this.invalid('bad %-escape');
        }
        await this.write(bytes);
      }
    }
  }

  async end() {
    if (this.base64 === null) throw this.invalid();
    if (this.carry) {
      if (!this.base64) throw this.invalid('bad %-escape');
      await this.write(Buffer.from(this.carry, 'base64'));
    }
  }

  private invalid(why = 'not a data URL') {
    return new AppError('BAD_REQUEST', `${this.field}: not a valid data URL (${why})`);
  }
}

/**
 * Parses a JSON body from `source`, streaming data URLs of `message_attachments` to storage. Whatever it stored
 * is reported through `onStored` as soon as it exists, so the caller can remove it if the request fails later.
 */
export async function parseSendBody(
  source: Readable,
  storage: Storage,
  onStored: (file: StreamedFile) => number,
  /** What is left of the sender's storage quota: the files of this body count against it. */
  quotaBytes = Number.POSITIVE_INFINITY,
): Promise<unknown> {
  let totalBytes = 0;
  // The streaming JSON parser loads with the first send, not with every start.
  const { default: parserStream } = await import('stream-json');
  const tokens = source.pipe(
    parserStream({ packKeys: true, streamKeys: false, packStrings: false, packNumbers: true, streamNumbers: false, streamStrings: true }),
  );
  source.on('error', (err) => tokens.destroy(err));
  const stack: Frame[] = [];
  const storedHere: string[] = [];
  let root: unknown = undefined;
  let attachments = 0;
  let stringParts: string[] | null = null;
  let stringLength = 0;
  let decoder: {
    data: DataUrlDecoder;
    pass: PassThrough;
    size: number;
    head: Buffer[];
    done: Promise<{ size: number }>;
    storedFilename: string;
  } | null = null;

  // A container keeps its parent's key until it ends, so a nested value knows where it is.
  const place = (value: unknown, isContainer = false) => {
    const top = stack[stack.length - 1];
    if (!top) root = value;
    else if (top.kind === 'array') top.value.push(value);
    else if (top.key !== null) {
      top.value[top.key] = value;
      if (!isContainer) top.key = null;
    }
  };

  /** Is the string about to start the `data` of an attachment? (`message_attachments[i].data` or the single-object form.) */
  const isAttachmentData = () => {
    const top = stack[stack.length - 1];
    if (!top || top.kind !== 'object' || top.key !== 'data' || stack.length < 2) return false;
    const parent = stack[stack.length - 2];
    if (parent.kind === 'object') return stack.length === 2 && parent.key === 'message_attachments';
    const grand = stack[stack.length - 3];
    return stack.length === 3 && grand?.kind === 'object' && grand.key === 'message_attachments';
  };

  try {
    for await (const token of tokens as AsyncIterable<Token>) {
      switch (token.name) {
        case 'startObject': {
          const value: Record<string, unknown> = {};
          place(value, true);
          stack.push({ kind: 'object', value, key: null });
          break;
        }
        case 'startArray': {
          const value: unknown[] = [];
          place(value, true);
          stack.push({ kind: 'array', value });
          break;
        }
        case 'endObject':
        case 'endArray': {
          stack.pop();
          const parent = stack[stack.length - 1];
          if (parent?.kind === 'object') parent.key = null;
          break;
        }
        case 'keyValue': {
          const top = stack[stack.length - 1];
          if (top?.kind === 'object') top.key = String(token.value);
          break;
        }
        case 'startString':
          if (isAttachmentData()) {
            attachments += 1;
            if (attachments > MAX_ATTACHMENTS_PER_MESSAGE)
              throw new AppError('PAYLOAD_TOO_LARGE', `At most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments per message`);
            const pass = new PassThrough();
            const storedFilename = newStoredFilename('');
            storedHere.push(storedFilename);
            const state = {
              pass,
              size: 0,
              head: [] as Buffer[],
              storedFilename,
              done: storage.put(storedFilename, pass),
              data: null as unknown as DataUrlDecoder,
            };
            state.done.catch(() => undefined);
            state.data = new DataUrlDecoder(async (bytes) => {
              state.size += bytes.length;
              totalBytes += bytes.length;
              if (totalBytes > quotaBytes) throw new AppError('QUOTA_EXCEEDED');
              if (state.size > MAX_ATTACHMENT_BYTES)
                throw new AppError('PAYLOAD_TOO_LARGE', `Each attachment may be at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB`);
              if (state.head.reduce((n, b) => n + b.length, 0) < 64) state.head.push(bytes.subarray(0, 64));
              if (!pass.write(bytes)) await once(pass, 'drain');
            }, 'message_attachments.data');
            decoder = state;
          } else {
            stringParts = [];
            stringLength = 0;
          }
          break;
        case 'stringChunk':
          if (decoder) await decoder.data.push(String(token.value));
          else if (stringParts) {
            stringLength += String(token.value).length;
            if (stringLength > MAX_PLAIN_STRING) throw new AppError('PAYLOAD_TOO_LARGE', 'A text in the message is too long');
            stringParts.push(String(token.value));
          }
          break;
        case 'endString':
          if (decoder) {
            const state = decoder;
            decoder = null;
            await state.data.end();
            state.pass.end();
            await state.done;
            const file: StreamedFile = {
              storedFilename: state.storedFilename,
              size: state.size,
              mime: sniffMime(Buffer.concat(state.head).subarray(0, 64)),
            };
            // The data URL's place holds a marker naming the stored file (by its order in this request).
            place(`${STREAMED_PREFIX}${onStored(file)}`);
          } else {
            place((stringParts ?? []).join(''));
            stringParts = null;
          }
          break;
        case 'numberValue':
          place(Number(token.value));
          break;
        case 'nullValue':
          place(null);
          break;
        case 'trueValue':
          place(true);
          break;
        case 'falseValue':
          place(false);
          break;
        default:
          break;
      }
    }
  } catch (err) {
    // A body that fails half-way (bad input, too large, the client gone) leaves none of its files behind.
    if (decoder) {
      const state = decoder as { pass: PassThrough; done: Promise<unknown> };
      state.pass.destroy();
      await state.done.catch(() => undefined);
    }
    await Promise.all(storedHere.map((key) => storage.remove(key)));
    if (err instanceof AppError) throw err;
    throw new AppError('BAD_REQUEST', 'The body is not valid JSON');
  }
  return root;
}
