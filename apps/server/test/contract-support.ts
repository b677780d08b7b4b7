import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AuthResponse } from '@agency/schema';
import type { FastifyInstance } from 'fastify';
import forge from 'node-forge';
import { call, inviteAndSignup, signInEveryRole } from './helpers.js';

/** A fresh data folder, so the generated sealing certificate of a test run never lands in the working tree. */
export function tempDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'agency-data-'));
}

/** A tiny valid PNG (1x1, one pixel), as a data URL. */
export const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export type People = Awaited<ReturnType<typeof signInEveryRole>> & { outsider: AuthResponse };

/** Every role, plus a team member who works on no project of the tests. */
export async function signInPeople(app: FastifyInstance): Promise<People> {
  const who = await signInEveryRole(app);
  const outsider = await inviteAndSignup(app, who.admin.token, 'teammember');
  return { ...who, outsider };
}

/** A client's project, approved with the team lead and the team member: its draft contracts are generated. */
export async function approvedProject(app: FastifyInstance, who: People, title = 'Company website') {
  const created = await call(app, 'POST', '/projects', {
    token: who.client.token,
    body: { title, description: 'A five-page marketing site with a blog.', budget_minor: 250000, currency: 'GBP', deadline: '2027-03-01' },
  });
  if (created.status !== 201) throw new Error(`project: ${created.status} ${created.text}`);
  const project = created.body.project;
  const approved = await call(app, 'POST', `/projects/${project.id}/approve`, {
    token: who.superadmin.token,
    body: { team_lead_id: who.teamlead.user.id, member_ids: [who.teammember.user.id] },
  });
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.text}`);
  return approved.body.project as { id: string; title: string };
}

/** The live contract of a kind for a signer on a project (staff's view). */
export async function contractFor(app: FastifyInstance, staffToken: string, projectId: string, kind: 'client' | 'team', signerId: string) {
  const res = await call(app, 'GET', '/contracts', { token: staffToken, query: { project_id: projectId, kind, signer_id: signerId } });
  const live = res.body.items.filter((c: { status: string }) => ['draft', 'sent', 'signed'].includes(c.status));
  if (live.length !== 1) throw new Error(`expected one live ${kind} contract, got ${live.length}`);
  return live[0];
}

/** Voids whatever live contract the signer has and makes a new one from the default template, sent or left a draft. */
export async function freshContract(
  app: FastifyInstance,
  staffToken: string,
  projectId: string,
  kind: 'client' | 'team',
  signerId: string,
  send = true,
): Promise<{ id: string; document_sha256: string | null }> {
  const list = await call(app, 'GET', '/contracts', { token: staffToken, query: { project_id: projectId, kind, signer_id: signerId } });
  for (const c of list.body.items.filter((x: { status: string }) => x.status === 'draft' || x.status === 'sent')) {
    await call(app, 'POST', `/contracts/${c.id}/void`, { token: staffToken, body: { reason: 'Replaced by a new version' } });
  }
  const templates = await call(app, 'GET', '/contract-templates', { token: staffToken, query: { kind } });
  const template = templates.body.items.find((t: { is_default: boolean }) => t.is_default);
  const created = await call(app, 'POST', '/contracts', {
    token: staffToken,
    body: { project_id: projectId, template_id: template.id, kind, signer_id: signerId },
  });
  if (created.status !== 201) throw new Error(`create contract: ${created.status} ${created.text}`);
  if (!send) return created.body.contract;
  const sent = await call(app, 'POST', `/contracts/${created.body.contract.id}/send`, { token: staffToken, body: {} });
  if (sent.status !== 200) throw new Error(`send contract: ${sent.status} ${sent.text}`);
  return sent.body.contract;
}

/** Runs poppler's `pdfsig` on a PDF and returns what it prints (it exits non-zero for an invalid signature). */
export function pdfsig(bytes: Buffer): string {
  const file = path.join(tempDataDir(), 'contract.pdf');
  fs.writeFileSync(file, bytes);
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  if (run.error) throw new Error(`pdfsig is not installed (apt-get install -y poppler-utils): ${run.error.message}`);
  return `${run.stdout}${run.stderr}`;
}

/** The text of a PDF's pages (poppler's `pdftotext`), one string per page. */
export function pdfPages(bytes: Buffer): string[] {
  const file = path.join(tempDataDir(), 'contract.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((p) => p.trim() !== '');
}

/** A PDF answer's bytes (the JSON helper would decode them as text). */
export async function fetchPdf(app: FastifyInstance, url: string, token?: string) {
  const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return {
    status: res.statusCode,
    headers: res.headers,
    bytes: res.rawPayload,
    json: String(res.headers['content-type'] ?? '').includes('json') ? res.json() : undefined,
  };
}

/** What identifies a certificate: its common name, serial number and SHA-256 fingerprint (of its DER bytes). */
export type CertificateId = { commonName: string; serial: string; sha256: string };

function identify(cert: forge.pki.Certificate): CertificateId {
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return {
    commonName: String(cert.subject.getField('CN')?.value ?? ''),
    serial: cert.serialNumber,
    sha256: crypto.createHash('sha256').update(Buffer.from(der, 'binary')).digest('hex'),
  };
}

/**
 * A P12 made the way a certificate authority's export looks (AES-256 key bag, a named bag), with its own RSA key
 * and a certificate for `commonName`: what an agency hands the server through SEAL_P12_PATH.
 */
export function makeP12(commonName: string, passphrase: string): { p12: Buffer; certificate: CertificateId } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `02${crypto.randomBytes(9).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Seal Test Authority' },
    { name: 'countryName', value: 'GB' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: 'aes256', friendlyName: commonName });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), certificate: identify(cert) };
}

/** The certificate inside a P12 file. */
export function p12Certificate(p12: Buffer, passphrase: string): CertificateId {
  const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, passphrase);
  const cert = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0]?.cert;
  if (!cert) throw new Error('no certificate in the P12');
  return identify(cert);
}

/**
 * The certificate that sealed a PDF: the PKCS#7 blob sits in the gap of the signature's /ByteRange (hex, padded
 * with zeros), and its first certificate is the signer's.
 */
export function sealCertificate(pdf: Buffer): CertificateId {
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.toString('latin1'));
  if (!range) throw new Error('the PDF has no signature');
  const [start, length, next] = [Number(range[1]), Number(range[2]), Number(range[3])];
  const hex = pdf
    .subarray(start + length, next)
    .toString('latin1')
    .replace(/[<>\s]/g, '');
  const padded = Buffer.from(hex, 'hex');
  // The outer SEQUENCE's own length says where the blob ends and the zero padding begins.
  const lengthBytes = padded[1] & 0x80 ? padded[1] & 0x7f : 0;
  const bodyLength = lengthBytes ? padded.readUIntBE(2, lengthBytes) : padded[1];
  const der = padded.subarray(0, 2 + lengthBytes + bodyLength).toString('binary');
  const message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der)) as forge.pkcs7.PkcsSignedData;
  const cert = message.certificates[0];
  if (!cert) throw new Error('the seal carries no certificate');
  return identify(cert);
}
