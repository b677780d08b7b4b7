import { MAX_SIGNATURE_IMAGE_BYTES, SIGNATURE_DATA_URL_PREFIX } from '@agency/schema';
import { PDFDocument } from 'pdf-lib';
import { AppError } from '../../core/errors.js';

/** The drawn signature's bytes: a real PNG of at most 200 KB that decodes, or a 400 that stores nothing. */
export async function decodeSignatureImage(dataUrl: string): Promise<Buffer> {
  if (!dataUrl.startsWith(SIGNATURE_DATA_URL_PREFIX)) throw new AppError('BAD_REQUEST', 'signature_image: the drawn signature must be a PNG image');
  const base64 = dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new AppError('BAD_REQUEST', 'signature_image: the drawn signature is not valid base64');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_SIGNATURE_IMAGE_BYTES) throw new AppError('BAD_REQUEST', 'signature_image: the drawn signature must be at most 200 KB');
  const magic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(magic) || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') {
    throw new AppError('BAD_REQUEST', 'signature_image: the drawn signature must be a PNG image');
  }
  try {
    // Decoding it now means a broken image is the signer's 400, not a failure halfway through sealing.
    await (await PDFDocument.create()).embedPng(bytes);
  } catch {
    throw new AppError('BAD_REQUEST', 'signature_image: the drawn signature is not a readable PNG image');
  }
  return bytes;
}
