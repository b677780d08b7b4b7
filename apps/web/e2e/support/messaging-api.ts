// API helpers for the messaging journeys: a client's project (each project has one conversation with the super
// admin), a conversation's messages as the API stores them, and small files to attach.
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { authHeaders, expectStatus, uniqueSuffix, type Auth } from './accounts';

export type ApiProject = { id: string; title: string; client_id: string };

/** POST /api/projects as `client`; the title is unique unless given. */
export async function createProject(request: APIRequestContext, client: Auth, title = `Project ${uniqueSuffix()}`): Promise<ApiProject> {
  const response = await request.post('/api/projects', {
    headers: authHeaders(client),
    data: { title, description: 'A project to talk about in the messaging journeys.' },
  });
  const body = await expectStatus<{ project: ApiProject }>(response, 201, `create project ${title}`);
  return body.project;
}

export type ApiMessage = {
  id: number;
  conversation_id: string;
  sender_id: string;
  message_content: string;
  message_attachments: { name: string; mime: string; size: number; url?: string; stored_filename?: string }[];
  delivered_at: string | null;
  read_at: string | null;
  is_read: 0 | 1;
};

/** GET /api/{side}/messages/thread as `auth`. */
export async function threadOf(request: APIRequestContext, auth: Auth, conversationId: string): Promise<ApiMessage[]> {
  const side = auth.user.role === 'superadmin' ? 'superadmin' : 'client';
  const response = await request.get(`/api/${side}/messages/thread`, { headers: authHeaders(auth), params: { conversation_id: conversationId } });
  return (await expectStatus<{ messages: ApiMessage[] }>(response, 200, `thread ${conversationId}`)).messages;
}

/** GET /api/config: the brand the client's chat names as its counterpart. */
export async function brandName(request: APIRequestContext): Promise<string> {
  return (await expectStatus<{ brand_name: string }>(await request.get('/api/config'), 200, 'config')).brand_name;
}

/** A small valid PNG (a flat colour), built in memory. */
export function pngFile(name = 'photo.png', width = 48, height = 32): { name: string; mimeType: string; buffer: Buffer } {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([99, 102, 241]))]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer: png };
}

/** A minimal PDF. */
export function pdfFile(name = 'brief.pdf'): { name: string; mimeType: string; buffer: Buffer } {
  const text = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(text, 'latin1') };
}

export function textFile(name: string, bytes = 64): { name: string; mimeType: string; buffer: Buffer } {
  return { name, mimeType: 'text/plain', buffer: Buffer.alloc(bytes, 'a') };
}

/**
 * Holds the page's PUT …/messages/{id}/read calls until `release()`, so that the other side can be seen in the
 * "delivered, not yet read" state that otherwise lasts only a few milliseconds.
 */
export async function holdReadReceipts(page: Page, side: 'superadmin' | 'client'): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const handler = async (route: Route) => {
    await gate;
    await route.continue();
  };
  await page.route(`**/api/${side}/messages/*/read`, handler);
  // The route stays: once the gate is open it passes every call straight on.
  return { release: async () => open() };
}
