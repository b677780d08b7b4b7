/**
 * The type of a file is taken from its first bytes, never from the name or the browser's claim.
 * Anything not recognised is the generic binary type (SPEC section 5).
 */
export const GENERIC_BINARY = 'application/octet-stream';

const SIGNATURES: { mime: string; bytes: (number | null)[]; offset?: number }[] = [
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { mime: 'image/webp', bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
  { mime: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { mime: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { mime: 'application/gzip', bytes: [0x1f, 0x8b] },
];

export function sniffMime(head: Buffer): string {
  for (const sig of SIGNATURES) {
    const offset = sig.offset ?? 0;
    if (head.length < offset + sig.bytes.length) continue;
    if (sig.bytes.every((b, i) => b === null || head[offset + i] === b)) return sig.mime;
  }
  if (head.length > 0 && isPlainText(head)) return 'text/plain';
  return GENERIC_BINARY;
}

function isPlainText(head: Buffer): boolean {
  const text = head.toString('utf8');
  // eslint-disable-next-line no-control-regex -- binary content is recognised by its control characters
  if (text.includes('\uFFFD') || /[\x00-\x08\x0E-\x1F]/.test(text)) return false;
  // Markup is never treated as something a browser may render: it stays text/plain at most.
  return true;
}

/** Only raster images are ever shown inline; SVG and HTML are always downloads. */
export function isInlineImage(mime: string): boolean {
  return mime === 'image/png' || mime === 'image/jpeg' || mime === 'image/gif' || mime === 'image/webp';
}
