import type { UploadedAttachment } from '@agency/schema';
import { ApiError } from '../../../lib/http';
import { readToken } from '../../../lib/storage';
import { GENERIC_BINARY_TYPE } from '../utils/staging';

/**
 * POST /api/messages/uploads (multipart, field `files`): the staged files are streamed up first and the message
 * then refers to them, so a message with ten 10 MB files never sits in one JSON body. Sent with fetch directly
 * because the JSON client does not send form data; same bearer header, 2xx accepted, no timeout.
 */
export async function uploadAttachments(files: readonly File[]): Promise<UploadedAttachment[]> {
  const form = new FormData();
  for (const file of files) {
    // A file of unknown type goes up as the generic binary type (SPEC section 5).
    form.append('files', file.type ? file : new File([file], file.name, { type: GENERIC_BINARY_TYPE }), file.name);
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch('/api/messages/uploads', { method: 'POST', headers, body: form });
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status < 200 || response.status > 299) {
    const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
    throw new ApiError(response.status, typeof error === 'string' ? error : `Upload failed (${response.status})`);
  }
  const attachments = typeof body === 'object' && body !== null ? (body as { attachments?: unknown }).attachments : undefined;
  return Array.isArray(attachments) ? (attachments as UploadedAttachment[]) : [];
}
