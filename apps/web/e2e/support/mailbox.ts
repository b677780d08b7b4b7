// The mail the e2e server sent: scripts/e2e-server.mjs delivers it over SMTP to a sink that appends each message
// to .tmp/e2e-mail<suffix>.jsonl (the same suffix as the server's data, from E2E_PORT).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

/**
 * `html`: the HTML part (empty without one); `inline`: the pictures it carries by content id (the brand's logo);
 * `replyTo`: the Reply-To address, when the mail had one (a chat message's reply address).
 */
export type SentMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  inline: { cid: string; contentType: string; size: number }[];
  replyTo?: string;
};

const port = Number(process.env.E2E_PORT ?? 3210);
const mailFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../.tmp', `e2e-mail${port === 3210 ? '' : `-${port}`}.jsonl`);

export function readMailbox(): SentMail[] {
  if (!fs.existsSync(mailFile)) return [];
  return fs
    .readFileSync(mailFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SentMail);
}

/** Waits for the newest mail to `to` whose subject matches (mail leaves through a background job). */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 30_000): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(
      () => {
        found = readMailbox()
          .filter((mail) => mail.to === to.toLowerCase() && subject.test(mail.subject))
          .at(-1);
        return Boolean(found);
      },
      { timeout: timeoutMs, message: `a mail to ${to} about ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The path and query of the first link to `pathname` in a mail (the link's origin is the e2e server's). */
export function linkPath(mail: SentMail, pathname: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=[A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${pathname} link in:\n${mail.text}`);
  return match[1];
}

/** What scripts/e2e-server.mjs gives the server as INBOUND_EMAIL_SECRET: a provider's inbound webhook presents it. */
export const INBOUND_EMAIL_SECRET = 'e2e-only-inbound-secret-0123456789';
