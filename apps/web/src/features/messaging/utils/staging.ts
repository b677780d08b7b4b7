import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from '@agency/schema';

/** SPEC section 5: a file of unknown type is given the generic binary type. */
export const GENERIC_BINARY_TYPE = 'application/octet-stream';

export function mimeOf(file: { type: string }): string {
  return file.type.trim() === '' ? GENERIC_BINARY_TYPE : file.type;
}

/**
 * Adds picked files to the staged ones: a file over MAX_ATTACHMENT_BYTES is skipped and files past the
 * MAX_ATTACHMENTS_PER_MESSAGE-th are dropped, both silently (SPEC sections 5 and 8).
 */
export function stageFiles<T extends { size: number }>(staged: readonly T[], picked: readonly T[]): T[] {
  const next = [...staged];
  for (const file of picked) {
    if (next.length >= MAX_ATTACHMENTS_PER_MESSAGE) break;
    if (file.size > MAX_ATTACHMENT_BYTES) continue;
    next.push(file);
  }
  return next;
}

/** Staged files can be removed one by one. */
export function unstageAt<T>(staged: readonly T[], index: number): T[] {
  return staged.filter((_, i) => i !== index);
}
