import { z } from 'zod';

/** The agency's brand, set by the super admin; an empty field falls back to the environment's default. */
export const BRAND_FOOTER_LINKS_MAX = 5;
export const BRAND_AGENCY_NAME_MAX = 100;
export const BRAND_LOGO_MAX_BYTES = 512 * 1024;
export const BRAND_LOGO_TYPES = ['image/png', 'image/svg+xml'] as const;
/** White text on the primary colour must reach this contrast ratio (WCAG 2 AA for normal text). */
export const BRAND_MIN_CONTRAST = 4.5;
/** The primary colour of the app's own theme, when none is set. */
export const BRAND_DEFAULT_PRIMARY_COLOR = '#4338ca';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function channel(hex: string, at: number): number {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour: 0.2126 R + 0.7152 G + 0.0722 B of the linearised sRGB channels. */
export function relativeLuminance(hex: string): number {
  if (!HEX_COLOR.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG 2 contrast ratio of two colours, (L1 + 0.05) / (L2 + 0.05) with L1 the lighter: from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The ratio shown to people: rounded down to two decimals, so 4.499 never reads as passing 4.5. */
export function formatContrast(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/** The message when white text on the colour is too faint, or null when it is readable. */
export function primaryColorProblem(hex: string): string | null {
  const ratio = contrastRatio(hex, '#ffffff');
  if (ratio >= BRAND_MIN_CONTRAST) return null;
  return `White text on ${hex.toLowerCase()} has a contrast of ${formatContrast(ratio)}; it needs at least ${BRAND_MIN_CONTRAST}:1. Choose a darker colour.`;
}

export const hexColorSchema = z.string().regex(HEX_COLOR, 'Give the colour as #rrggbb');

export const footerLinkSchema = z.object({
  label: z.string().trim().min(1, 'Give the link a label').max(40),
  url: z
    .string()
    .trim()
    .max(500)
    .url('Give a full address starting with https://')
    .refine((u) => /^(https?:\/\/|mailto:)/i.test(u), 'Links start with https://, http:// or mailto:'),
});
export type FooterLink = z.infer<typeof footerLinkSchema>;

/** Empty text clears a field, so its default from the environment applies again. */
const optionalText = (max: number) => z.string().trim().max(max);
const optionalEmail = z.union([z.literal(''), z.string().trim().email('Give a valid e-mail address').max(254)]);

export const updateBrandInput = z
  .object({
    agency_name: optionalText(BRAND_AGENCY_NAME_MAX),
    primary_color: z.union([z.literal(''), hexColorSchema]),
    contact_email: optionalEmail,
    contact_phone: optionalText(40),
    sender_name: optionalText(100).refine((s) => !/[<>"\r\n]/.test(s), 'The sender name may not contain < > " or line breaks'),
    sender_email: optionalEmail,
    footer_links: z.array(footerLinkSchema).max(BRAND_FOOTER_LINKS_MAX, `At most ${BRAND_FOOTER_LINKS_MAX} footer links`),
  })
  .partial();
export type UpdateBrandInput = z.infer<typeof updateBrandInput>;

/** The brand settings as stored (empty where unset) beside what applies (defaults filled in). */
export const brandSettingsSchema = z.object({
  agency_name: z.string(),
  primary_color: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  sender_name: z.string(),
  sender_email: z.string(),
  footer_links: z.array(footerLinkSchema),
  logo_url: z.string().nullable(),
  updated_at: z.string().nullable(),
  /** What applies now: each empty field replaced by its default from the environment. */
  effective: z.object({
    agency_name: z.string(),
    primary_color: z.string(),
    contact_email: z.string(),
    contact_phone: z.string(),
    sender_name: z.string(),
    sender_email: z.string(),
  }),
});
export type BrandSettings = z.infer<typeof brandSettingsSchema>;
export const brandResponse = z.object({ brand: brandSettingsSchema });
