import type { UploadedAttachment } from '@agency/schema';
import { uploadFiles } from '../../../lib/http';
import { GENERIC_BINARY_TYPE } from '../utils/staging';

/**
 * POST /api/messages/uploads (multipart, field `files`): the staged files are streamed up first and the message
 * then refers to them, so a message with ten 10 MB files never sits in one JSON body.
 */
export async function uploadAttachments(files: readonly File[]): Promise<UploadedAttachment[]> {
  // A file of unknown type goes up as the generic binary type (SPEC section 5).
  const typed = files.map((file) => (file.type ? file : new File([file], file.name, { type: GENERIC_BINARY_TYPE })));
  const body = await uploadFiles<{ attachments?: unknown } | undefined>('/messages/uploads', 'files', typed);
  return Array.isArray(body?.attachments) ? (body.attachments as UploadedAttachment[]) : [];
}
