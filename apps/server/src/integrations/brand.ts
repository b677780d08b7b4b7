import { BRAND_DEFAULT_PRIMARY_COLOR, type FooterLink } from '@agency/schema';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { brandSettings } from '../db/schema.js';
import type { Storage } from './storage.js';

/** The brand as it applies: the super admin's settings, each empty field replaced by its default from the environment. */
export type Brand = {
  agencyName: string;
  primaryColor: string;
  contactEmail: string;
  contactPhone: string;
  senderName: string;
  senderEmail: string;
  footerLinks: FooterLink[];
  logo: { storageKey: string; mime: string; etag: string } | null;
  /** The stored row as set (empty where unset), null before anything was saved. */
  stored: typeof brandSettings.$inferSelect | null;
};

export type BrandStore = {
  /** The brand now, without waiting: what this process last read (re-read in the background once it is older than a few seconds). */
  current(): Brand;
  /** Reads the brand from the database and keeps it as `current()`. */
  load(): Promise<Brand>;
  /** The `From:` of outgoing mail: `"Sender name" <sender@address>`. */
  mailFrom(): string;
};

/** Another node's change reaches this one within this long (plus one request). */
const REFRESH_AFTER_MS = 5_000;

/** `Name <address>` of MAIL_FROM, split; a bare address has no name. */
export function parseMailFrom(from: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  if (match) return { name: match[1]!.trim(), address: match[2]!.trim() };
  return { name: '', address: from.trim() };
}

export function formatMailFrom(name: string, address: string): string {
  if (!name) return address;
  return `"${name.replace(/["\\]/g, '')}" <${address}>`;
}

export function resolveBrand(config: Config, row: typeof brandSettings.$inferSelect | null): Brand {
  const envFrom = parseMailFrom(config.mail.from);
  const agencyName = row?.agencyName || config.brandName;
  return {
    agencyName,
    primaryColor: row?.primaryColor || BRAND_DEFAULT_PRIMARY_COLOR,
    contactEmail: row?.contactEmail || config.contactEmail,
    contactPhone: row?.contactPhone || config.contactPhone,
    // A sender name set in MAIL_FROM wins over the agency name; without either the agency name is the sender.
    senderName: row?.senderName || envFrom.name || agencyName,
    senderEmail: row?.senderEmail || envFrom.address,
    footerLinks: row?.footerLinks ?? [],
    logo:
      row?.logoStorageKey && row.logoMime && row.logoSha256
        ? { storageKey: row.logoStorageKey, mime: row.logoMime, etag: `"${row.logoSha256.slice(0, 32)}"` }
        : null,
    stored: row,
  };
}

export function createBrandStore(config: Config, db: Db): BrandStore {
  let brand = resolveBrand(config, null);
  let readAt = 0;
  let reading: Promise<Brand> | null = null;
  // A read that started before a later one (a background refresh overtaken by the read after a change) never wins.
  let generation = 0;

  async function load(): Promise<Brand> {
    const mine = ++generation;
    const [row] = await db.select().from(brandSettings).where(eq(brandSettings.id, 1));
    const read = resolveBrand(config, row ?? null);
    if (mine === generation) {
      brand = read;
      readAt = Date.now();
    }
    return read;
  }

  return {
    current() {
      if (Date.now() - readAt > REFRESH_AFTER_MS && !reading) {
        reading = load()
          .catch(() => brand)
          .finally(() => {
            reading = null;
          });
      }
      return brand;
    },
    load,
    mailFrom() {
      const b = this.current();
      return formatMailFrom(b.senderName, b.senderEmail);
    },
  };
}

// The logo's bytes, read from storage once per logo (documents and mail embed it; it changes rarely).
let logoBytes: { key: string; bytes: Buffer } | null = null;

/**
 * The brand's logo when it is a PNG, the picture documents and mail carry; null without a logo or with an SVG one
 * (pdf-lib draws no SVG and most mail clients show none: those show the agency's name alone).
 */
export async function brandLogoPng(brand: Brand, storage: Storage): Promise<Buffer | null> {
  const logo = brand.logo;
  if (!logo || logo.mime !== 'image/png') return null;
  const key = `${logo.storageKey} ${logo.etag}`;
  if (logoBytes?.key === key) return logoBytes.bytes;
  const stream = await storage.read(logo.storageKey);
  // A logo replaced since this brand was read: the name alone rather than a failure.
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  logoBytes = { key, bytes: Buffer.concat(chunks) };
  return logoBytes.bytes;
}
