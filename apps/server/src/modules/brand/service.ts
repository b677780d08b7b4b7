import { createHash } from 'node:crypto';
import { BRAND_LOGO_MAX_BYTES, primaryColorProblem, type BrandSettings, type UpdateBrandInput } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../core/actor.js';
import { recordAudit } from '../../core/audit.js';
import { AppError } from '../../core/errors.js';
import { assertCan } from '../../core/policy.js';
import type { Tx } from '../../db/client.js';
import { brandSettings } from '../../db/schema.js';
import type { Brand } from '../../integrations/brand.js';
import type { StoredUpload } from '../../integrations/uploads.js';
import { sniffMime } from '../../lib/file-type.js';

/** Where the public logo is served; the query changes with the file, so a cached copy is never stale. */
export const BRAND_LOGO_PATH = '/api/brand/logo';

/**
 * SVG is accepted as a picture only: it is served with a policy that runs nothing (`default-src 'none'; sandbox`)
 * and shown through `<img>`, where browsers never run scripts. A file that carries script or embedded documents
 * anyway is refused, so no copy of it exists to be opened some other way.
 */
const SVG_FORBIDDEN = [/<script/i, /\son[a-z]+\s*=/i, /javascript:/i, /<foreignObject/i, /<!ENTITY/i, /<iframe/i, /<embed/i, /<object/i];

function logoType(bytes: Buffer): 'image/png' | 'image/svg+xml' {
  if (sniffMime(bytes.subarray(0, 64)) === 'image/png') return 'image/png';
  const text = bytes.toString('utf8');
  if (!text.includes('\uFFFD') && /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) {
    if (SVG_FORBIDDEN.some((re) => re.test(text))) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The SVG holds scripts, event handlers or embedded content; save it as a plain drawing or a PNG');
    }
    return 'image/svg+xml';
  }
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The logo must be an SVG or PNG image');
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function brandDto(brand: Brand): BrandSettings {
  const row = brand.stored;
  return {
    agency_name: row?.agencyName ?? '',
    primary_color: row?.primaryColor ?? '',
    contact_email: row?.contactEmail ?? '',
    contact_phone: row?.contactPhone ?? '',
    sender_name: row?.senderName ?? '',
    sender_email: row?.senderEmail ?? '',
    footer_links: brand.footerLinks,
    logo_url: logoUrl(brand),
    updated_at: row?.updatedAt?.toISOString() ?? null,
    effective: {
      agency_name: brand.agencyName,
      primary_color: brand.primaryColor,
      contact_email: brand.contactEmail,
      contact_phone: brand.contactPhone,
      sender_name: brand.senderName,
      sender_email: brand.senderEmail,
    },
  };
}

export function logoUrl(brand: Brand): string | null {
  return brand.logo ? `${BRAND_LOGO_PATH}?v=${brand.logo.etag.slice(1, 13)}` : null;
}

const FIELDS = {
  agency_name: 'agencyName',
  primary_color: 'primaryColor',
  contact_email: 'contactEmail',
  contact_phone: 'contactPhone',
  sender_name: 'senderName',
  sender_email: 'senderEmail',
  footer_links: 'footerLinks',
} as const;

export function createBrandService(ctx: AppContext) {
  /** Writes the one row (creating it the first time) and answers the row before and after. */
  async function upsert(tx: Tx, set: Partial<typeof brandSettings.$inferInsert>) {
    // The row is locked for the change, so two saves at once apply one after the other.
    await tx.insert(brandSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx.select().from(brandSettings).where(eq(brandSettings.id, 1)).for('update');
    const [after] = await tx
      .update(brandSettings)
      .set({ ...set, updatedAt: ctx.now() })
      .where(eq(brandSettings.id, 1))
      .returning();
    return { before: before!, after: after! };
  }

  return {
    async get(actor: Actor): Promise<BrandSettings> {
      assertCan(actor, 'brand:manage', null);
      return brandDto(await ctx.brand.load());
    },

    async update(actor: Actor, input: UpdateBrandInput): Promise<BrandSettings> {
      assertCan(actor, 'brand:manage', null);
      if (input.primary_color) {
        const problem = primaryColorProblem(input.primary_color);
        if (problem) throw new AppError('VALIDATION_FAILED', problem);
      }
      const set: Partial<typeof brandSettings.$inferInsert> = {};
      for (const [key, column] of Object.entries(FIELDS) as [keyof typeof FIELDS, (typeof FIELDS)[keyof typeof FIELDS]][]) {
        const value = input[key];
        if (value === undefined) continue;
        (set as Record<string, unknown>)[column] = key === 'primary_color' && typeof value === 'string' ? value.toLowerCase() : value;
      }
      await ctx.transaction(async (tx) => {
        const { before, after } = await upsert(tx, set);
        const changed = Object.keys(set) as (keyof typeof set)[];
        const pick = (row: typeof before) => Object.fromEntries(changed.map((c) => [c, row[c]]));
        await recordAudit(tx, actor, 'brand.updated', { type: 'brand', id: 1, before: pick(before), after: pick(after) }, ctx.now());
      });
      return brandDto(await ctx.brand.load());
    },

    /** Takes an uploaded file (already in storage) as the logo: checked, then the previous file is removed. */
    async setLogo(actor: Actor, upload: StoredUpload): Promise<BrandSettings> {
      assertCan(actor, 'brand:manage', null);
      let previous: string | null = null;
      try {
        if (upload.size > BRAND_LOGO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `The logo may be at most ${BRAND_LOGO_MAX_BYTES / 1024} KB`);
        const stream = await ctx.storage.read(upload.storedFilename);
        if (!stream) throw new AppError('UNAVAILABLE', 'File storage is unavailable; try the upload again in a minute');
        const bytes = await readAll(stream);
        const mime = logoType(bytes);
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        await ctx.transaction(async (tx) => {
          const { before } = await upsert(tx, { logoStorageKey: upload.storedFilename, logoMime: mime, logoSha256: sha256 });
          previous = before.logoStorageKey;
          await recordAudit(
            tx,
            actor,
            'brand.logo_changed',
            { type: 'brand', id: 1, before: { mime: before.logoMime }, after: { mime, bytes: upload.size, sha256 } },
            ctx.now(),
          );
        });
      } catch (err) {
        await ctx.storage.remove(upload.storedFilename).catch(() => undefined);
        throw err;
      }
      if (previous) await ctx.storage.remove(previous).catch(() => undefined);
      return brandDto(await ctx.brand.load());
    },

    async removeLogo(actor: Actor): Promise<BrandSettings> {
      assertCan(actor, 'brand:manage', null);
      let previous: string | null = null;
      await ctx.transaction(async (tx) => {
        const { before } = await upsert(tx, { logoStorageKey: null, logoMime: null, logoSha256: null });
        previous = before.logoStorageKey;
        if (previous) await recordAudit(tx, actor, 'brand.logo_removed', { type: 'brand', id: 1, before: { mime: before.logoMime } }, ctx.now());
      });
      if (previous) await ctx.storage.remove(previous).catch(() => undefined);
      return brandDto(await ctx.brand.load());
    },

    /** The logo for anyone: its file, type and entity tag, or null when none is set. */
    async logo() {
      const brand = ctx.brand.current();
      if (!brand.logo) return null;
      const stream = await ctx.storage.read(brand.logo.storageKey);
      return stream ? { ...brand.logo, stream } : null;
    },
  };
}

export type BrandService = ReturnType<typeof createBrandService>;
