import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import {
  approvedProject,
  contractFor,
  fetchPdf,
  makeP12,
  p12Certificate,
  pdfsig,
  sealCertificate,
  signInPeople,
  tempDataDir,
} from './contract-support.js';
import { call, createTestApp, type TestApp } from './helpers.js';

// The certificate that seals signed contracts: the agency's own P12 when SEAL_P12_PATH names one, otherwise a
// self-signed one generated into DATA_DIR once and kept across restarts.

const open: TestApp[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

async function startApp(env: Record<string, string>) {
  const t = await createTestApp(env);
  open.push(t);
  return t;
}

async function stopApp(t: TestApp) {
  open.splice(open.indexOf(t), 1);
  await t.close();
}

/** A client contract approved, sent and signed in this app: the sealed PDF it serves. */
async function signedPdf(t: TestApp): Promise<Buffer> {
  const who = await signInPeople(t.app);
  const project = await approvedProject(t.app, who);
  const draft = await contractFor(t.app, who.superadmin.token, project.id, 'client', who.client.user.id);
  const sent = await call(t.app, 'POST', `/contracts/${draft.id}/send`, { token: who.superadmin.token, body: {} });
  expect(sent.status).toBe(200);
  const signed = await call(t.app, 'POST', `/contracts/${draft.id}/sign`, {
    token: who.client.token,
    body: { signature_name: 'Client Person', agree: true },
  });
  expect(signed.status).toBe(200);
  const pdf = await fetchPdf(t.app, `/api/contracts/${draft.id}/pdf`, who.client.token);
  expect(pdf.status).toBe(200);
  return pdf.bytes;
}

/** Writes a P12 into a fresh folder: its path and certificate. */
function p12File(commonName: string, passphrase: string) {
  const made = makeP12(commonName, passphrase);
  const file = path.join(tempDataDir(), 'agency-seal.p12');
  fs.writeFileSync(file, made.p12, { mode: 0o600 });
  return { file, certificate: made.certificate };
}

/** The configuration of an app on its own in-memory database, for starts expected to fail before opening it. */
function configWith(env: Record<string, string>) {
  return loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://app.test', DATA_DIR: tempDataDir(), ...env },
    { inMemoryDb: true, webDistDir: '/nonexistent' },
  );
}

describe('the seal certificate', () => {
  it('seals with the P12 at SEAL_P12_PATH: pdfsig names its common name, and the seal carries that very certificate', async () => {
    const agency = p12File('Harbour Legal Seal 2026', 'correct horse battery staple');
    const dataDir = tempDataDir();
    const t = await startApp({ DATA_DIR: dataDir, SEAL_P12_PATH: agency.file, SEAL_P12_PASSPHRASE: 'correct horse battery staple' });
    const pdf = await signedPdf(t);

    const report = pdfsig(pdf);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: Harbour Legal Seal 2026');
    expect(sealCertificate(pdf)).toEqual(agency.certificate);
    // The configured certificate is used as it is: nothing is generated beside it.
    expect(fs.existsSync(path.join(dataDir, 'seal'))).toBe(false);
  }, 60_000);

  it('a wrong SEAL_P12_PASSPHRASE, or a SEAL_P12_PATH that is not there, stops the start with an error naming the setting', async () => {
    const agency = p12File('Harbour Legal Seal 2026', 'correct horse battery staple');
    const wrong = buildApp(configWith({ SEAL_P12_PATH: agency.file, SEAL_P12_PASSPHRASE: 'not the passphrase' }));
    await expect(wrong).rejects.toThrow(ConfigError);
    await expect(wrong).rejects.toThrow(`SEAL_P12_PASSPHRASE does not open the seal certificate at SEAL_P12_PATH (${agency.file})`);

    const missing = path.join(tempDataDir(), 'no-such.p12');
    const absent = buildApp(configWith({ SEAL_P12_PATH: missing, SEAL_P12_PASSPHRASE: 'correct horse battery staple' }));
    await expect(absent).rejects.toThrow(ConfigError);
    await expect(absent).rejects.toThrow(`SEAL_P12_PATH: cannot read the seal certificate at ${missing}`);
  });

  it('without SEAL_P12_PATH, the certificate generated into DATA_DIR is the one a restarted server seals with', async () => {
    const dataDir = tempDataDir();
    const first = await startApp({ DATA_DIR: dataDir });
    const before = await signedPdf(first);
    await stopApp(first);
    const generated = p12Certificate(fs.readFileSync(path.join(dataDir, 'seal', 'seal.p12')), '');
    expect(generated.commonName).toBe('Brightline Studio document seal');
    expect(sealCertificate(before)).toEqual(generated);

    // A new process on the same DATA_DIR (its own database) seals with the same certificate: same serial, same fingerprint.
    const second = await startApp({ DATA_DIR: dataDir });
    const after = await signedPdf(second);
    expect(pdfsig(after)).toContain('Signature is Valid.');
    expect(pdfsig(after)).toContain('Signer Certificate Common Name: Brightline Studio document seal');
    expect(sealCertificate(after)).toEqual(generated);
    expect(fs.readdirSync(path.join(dataDir, 'seal'))).toEqual(['seal.p12']);
  }, 120_000);
});
