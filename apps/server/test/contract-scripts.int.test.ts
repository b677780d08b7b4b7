import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedProject, contractFor, fetchPdf, freshContract, pdfPages, pdfsig, signInPeople, type People } from './contract-support.js';
import { call, createTestApp, type TestApp } from './helpers.js';

// Names in every script print as themselves in the sealed PDF: the parties clause, the signature line, the
// certificate page and its audit trail, and the client's name inside a team contract.

let t: TestApp;
let who: People;
let project: { id: string; title: string };
let projects = 0;

beforeAll(async () => {
  t = await createTestApp();
  who = await signInPeople(t.app);
  project = await approvedProject(t.app, who, 'Multilingual site');
});
afterAll(async () => {
  await t.close();
});

/** pdftotext wraps right-to-left runs in bidi embedding marks: the text a reader sees is what is left without them. */
const readable = (text: string) => text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

async function rename(token: string, name: string) {
  const res = await call(t.app, 'PATCH', '/account', { token, body: { name } });
  expect(res.status).toBe(200);
}

async function sign(contractId: string, token: string, name: string): Promise<Buffer> {
  const signed = await call(t.app, 'POST', `/contracts/${contractId}/sign`, { token, body: { signature_name: name, agree: true } });
  expect(signed.status).toBe(200);
  const pdf = await fetchPdf(t.app, `/api/contracts/${contractId}/pdf`, token);
  expect(pdf.status).toBe(200);
  return pdf.bytes;
}

describe('a client signs in their own script', () => {
  it.each(['Анна Петрова', '王芳', 'Ελένη Παπαδοπούλου', 'محمد', 'José Müller', 'דוד לוי', 'محمد علي'])(
    '%s is named in the parties clause, the signature line and the certificate, and the seal is valid',
    async (name) => {
      await rename(who.client.token, name);
      // A project of its own: the client's signed contract stays the live one of its project.
      const own = await approvedProject(t.app, who, `Site ${++projects}`);
      const contract = await freshContract(t.app, who.superadmin.token, own.id, 'client', who.client.user.id);
      const pdf = await sign(contract.id, who.client.token, name);

      expect(pdfsig(pdf)).toContain('Signature is Valid.');
      const pages = pdfPages(pdf).map(readable);
      const document = pages.slice(0, -1).join('\n');
      const certificate = pages.at(-1)!;
      const count = (text: string) => text.split(name).length - 1;
      // The parties clause, "Signed for the Client by", the typed signature and the line under it.
      expect(count(document)).toBe(4);
      // The signer's name and account, and the audit trail's steps the signer took.
      expect(certificate).toContain('Certificate of signature');
      expect(count(certificate)).toBeGreaterThanOrEqual(3);
      if (!/[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(name)) {
        // pdftotext moves the signs beside a right-to-left run about, so the words around a name are checked in the
        // left-to-right scripts only.
        expect(document).toContain(`and ${name}`);
        expect(document).toContain(`${name} signed electronically on`);
        expect(certificate).toMatch(new RegExp(`Name +${name}`));
        expect(certificate).toContain(`${name} <${who.client.user.email}>`);
        expect(certificate).toContain(`By ${name}`);
      }
      expect(`${document}\n${certificate}`).not.toContain('?');
    },
  );

  it('copies out right after an Arabic reader has downloaded a contract in the same process', async () => {
    // The fonts a document embeds are its own: an Arabic page rendered before (its letters in their contextual forms)
    // once left a later document's text map naming other letters ("مجمد" for "محمد", "TC" for "UTC").
    const name = 'محمد علي';
    await rename(who.client.token, name);
    const own = await approvedProject(t.app, who, `Site ${++projects}`);
    const contract = await freshContract(t.app, who.superadmin.token, own.id, 'client', who.client.user.id);
    expect((await call(t.app, 'PATCH', '/account', { token: who.client.token, body: { locale: 'ar' } })).status).toBe(200);
    const arabic = await fetchPdf(t.app, `/api/contracts/${contract.id}/pdf`, who.client.token);
    expect(arabic.status).toBe(200);
    expect(readable(pdfPages(arabic.bytes).join('\n'))).toMatch(/\p{Script=Arabic}/u);
    expect((await call(t.app, 'PATCH', '/account', { token: who.client.token, body: { locale: null } })).status).toBe(200);
    const pages = pdfPages(await sign(contract.id, who.client.token, name)).map(readable);
    expect(pages.slice(0, -1).join('\n').split(name).length - 1).toBe(4);
    expect(pages.at(-1)).toMatch(/\d{2}:\d{2}:\d{2} UTC/);
  });

  it("a team contract names the client in the client's script", async () => {
    await rename(who.client.token, '王芳');
    await rename(who.teammember.token, 'Ελένη');
    const contract = await freshContract(t.app, who.superadmin.token, project.id, 'team', who.teammember.user.id);
    const pdf = await sign(contract.id, who.teammember.token, 'Ελένη');
    expect(pdfsig(pdf)).toContain('Signature is Valid.');
    const text = readable(pdfPages(pdf).join('\n'));
    expect(text).toContain("The project is delivered for the Agency's client, 王芳");
    expect(text).toContain('Ελένη signed electronically on');
    expect((await contractFor(t.app, who.superadmin.token, project.id, 'team', who.teammember.user.id)).status).toBe('signed');
  });
});
