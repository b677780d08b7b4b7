import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageUploads, projectAttachments } from '../src/db/schema.js';
import { call, createTestApp, inviteColleague, signupClient, signupSuperadmin, type TestApp } from './helpers.js';

// The per-person (for clients, per-company) storage quota and the sweep of files nobody uses.
let t: TestApp;
let owner: Awaited<ReturnType<typeof signupSuperadmin>>;

beforeAll(async () => {
  t = await createTestApp({ STORAGE_QUOTA_MB: '1', UPLOAD_GRACE_HOURS: '1' });
  owner = await signupSuperadmin(t.app);
});
afterAll(async () => t.close());

const files = () => fs.readdirSync(t.config.filesDir).sort();

function multipart(name: string, bytes: Buffer) {
  const boundary = `b${Math.random().toString(16).slice(2)}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

async function upload(token: string, bytes: Buffer) {
  const body = multipart('data.bin', bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/messages/uploads',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('the storage quota', () => {
  it('answers 413 QUOTA_EXCEEDED past it, and the refused upload leaves nothing behind', async () => {
    const client = await signupClient(t.app);
    expect((await upload(client.token, Buffer.alloc(600 * 1024, 1))).status).toBe(201);
    const before = files();
    const refused = await upload(client.token, Buffer.alloc(600 * 1024, 2));
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ error: 'Your storage quota is used up; remove some files first', code: 'QUOTA_EXCEEDED' });
    expect(files()).toEqual(before);
    // Inline data URLs count too.
    const project = await call(t.app, 'POST', '/projects', { token: client.token, body: { title: 'Quota', description: 'Files over the quota.' } });
    const send = await call(t.app, 'POST', '/client/send-message', {
      token: client.token,
      body: {
        sender_id: client.user.id,
        receiver_id: owner.user.id,
        conversation_id: `${project.body.project.id}:${client.user.id}`,
        message_content: 'inline',
        message_attachments: [{ name: 'big.bin', data: `data:application/octet-stream;base64,${Buffer.alloc(600 * 1024, 3).toString('base64')}` }],
      },
    });
    expect(send.status).toBe(413);
    expect(files()).toEqual(before);
    // Someone else's quota is their own.
    const other = await signupClient(t.app);
    expect((await upload(other.token, Buffer.alloc(600 * 1024, 4))).status).toBe(201);
  });
  it("counts a client company's files together: a colleague cannot add another quota's worth", async () => {
    const founder = await signupClient(t.app, { company: 'Shared Quota Ltd' });
    const colleague = await inviteColleague(t.app, founder.token, 'member');
    expect((await upload(founder.token, Buffer.alloc(600 * 1024, 5))).status).toBe(201);
    const refused = await upload(colleague.token, Buffer.alloc(600 * 1024, 6));
    expect(refused).toMatchObject({ status: 413, body: { code: 'QUOTA_EXCEEDED' } });
    expect((await upload(colleague.token, Buffer.alloc(300 * 1024, 7))).status).toBe(201);
  });
});

describe('the storage quota under parallel uploads', () => {
  it('holds: of uploads that together exceed it, the extra ones answer 413 and leave nothing stored', async () => {
    const client = await signupClient(t.app);
    const project = await call(t.app, 'POST', '/projects', { token: client.token, body: { title: 'Parallel', description: 'Uploads at once.' } });
    const attach = async (bytes: Buffer) => {
      const body = multipart('data.bin', bytes);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/projects/${project.body.project.id}/attachments`,
        headers: { ...body.headers, authorization: `Bearer ${client.token}` },
        payload: body.payload,
      });
      const json = JSON.parse(res.body);
      return { status: res.statusCode, body: json };
    };
    const before = files();
    // Six files of 300 KB against a quota of 1 MB, through two doors at once: at most three fit.
    const size = 300 * 1024;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? attach(Buffer.alloc(size, i + 1)) : upload(client.token, Buffer.alloc(size, i + 1)))),
    );
    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    for (const r of refused) expect(r).toMatchObject({ status: 413, body: { code: 'QUOTA_EXCEEDED' } });

    const id = Number(client.user.id);
    const rows = [
      ...(await t.app.ctx.db.select({ size: messageUploads.size }).from(messageUploads).where(eq(messageUploads.uploaderId, id))),
      ...(await t.app.ctx.db.select({ size: projectAttachments.size }).from(projectAttachments).where(eq(projectAttachments.uploadedBy, id))),
    ];
    const used = rows.reduce((n, r) => n + r.size, 0);
    expect(used).toBe(accepted.length * size);
    expect(used).toBeLessThanOrEqual(t.config.storageQuotaBytes);
    // On disk: the accepted files and nothing of the refused ones (no file, no partial file).
    expect(files().filter((f) => !before.includes(f))).toHaveLength(accepted.length);
  });
});

describe('the storage sweep', () => {
  it('removes unclaimed uploads after the grace period, crash leftovers and orphans, and keeps what is used', async () => {
    const client = await signupClient(t.app);
    const project = await call(t.app, 'POST', '/projects', {
      token: client.token,
      body: { title: 'Sweep', description: 'Files to keep and files to sweep.' },
    });
    const claimed = await upload(client.token, Buffer.from('claimed'));
    const send = await call(t.app, 'POST', '/client/send-message', {
      token: client.token,
      body: {
        sender_id: client.user.id,
        receiver_id: owner.user.id,
        conversation_id: `${project.body.project.id}:${client.user.id}`,
        message_content: 'with a file',
        message_attachments: [{ name: 'claimed.bin', stored_filename: claimed.body.attachments[0].stored_filename }],
      },
    });
    expect(send.status).toBe(201);
    const unclaimed = await upload(client.token, Buffer.from('never sent'));
    const unclaimedKey = unclaimed.body.attachments[0].stored_filename as string;
    const old = new Date(Date.now() - 2 * 3_600_000);
    const leftover = path.join(t.config.filesDir, 'crashed-upload.bin.partial');
    const orphan = path.join(t.config.filesDir, 'no-record-refers-to-this.bin');
    const fresh = path.join(t.config.filesDir, 'being-written-now.bin.partial');
    fs.writeFileSync(leftover, 'half');
    fs.writeFileSync(orphan, 'lost');
    fs.writeFileSync(fresh, 'in progress');
    for (const f of [leftover, orphan, path.join(t.config.filesDir, unclaimedKey)]) fs.utimesSync(f, old, old);

    // Old leftovers and orphans go; an upload a message may still claim (within the grace period) and a file
    // being written right now stay.
    const first = await t.app.services.storage.sweep();
    expect(first.partial).toBeGreaterThanOrEqual(1);
    expect(first.orphans).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(leftover)).toBe(false);
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(fs.existsSync(path.join(t.config.filesDir, unclaimedKey))).toBe(true);

    t.clock.advance(2 * 3_600_000);
    const later = await t.app.services.storage.sweep();
    expect(later.unclaimed).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(path.join(t.config.filesDir, unclaimedKey))).toBe(false);
    expect(await t.app.ctx.db.select().from(messageUploads).where(eq(messageUploads.storedFilename, unclaimedKey))).toEqual([]);
    // What a message uses stays, and a second sweep finds nothing more to do.
    expect(fs.existsSync(path.join(t.config.filesDir, claimed.body.attachments[0].stored_filename))).toBe(true);
    expect(await t.app.services.storage.sweep()).toEqual({ unclaimed: 0, partial: 0, orphans: 0 });
  });
});
