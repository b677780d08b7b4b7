import type { PDFDocument, PDFPage } from 'pdf-lib';

/** The box a logo is fitted into at the top of a document, in points (its proportions are kept). */
export const PDF_LOGO_BOX = { width: 150, height: 40 } as const;
/** The space between the logo and the agency's name under it. */
const GAP = 10;

/**
 * Draws the brand's logo (a PNG) with its top left corner at (`x`, `top`), fitted into PDF_LOGO_BOX, and answers how
 * far the text under it must move down; 0 without a logo. An SVG logo is never given here: pdf-lib draws no SVG, so
 * documents show the agency's name alone, as they do without a logo. On a right-to-left page (`rtl`), `x` is the
 * logo's right edge.
 */
export async function drawLogo(
  pdf: PDFDocument,
  page: PDFPage,
  png: Uint8Array | null | undefined,
  x: number,
  top: number,
  rtl = false,
): Promise<number> {
  if (!png) return 0;
  const image = await pdf.embedPng(png);
  const { width, height } = image.scaleToFit(PDF_LOGO_BOX.width, PDF_LOGO_BOX.height);
  page.drawImage(image, { x: rtl ? x - width : x, y: top - height, width, height });
  return height + GAP;
}
