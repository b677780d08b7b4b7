import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type Forge from 'node-forge';
import type { PDFDocument } from 'pdf-lib';
import { ConfigError } from '../config.js';

/**
 * Seals PDFs with a PKCS#7 (adbe.pkcs7.detached) signature, so Adobe Reader or `pdfsig` can verify that nothing
 * changed after sealing. The certificate is the P12 at `SEAL_P12_PATH`; without one, a self-signed certificate is
 * generated once into `DATA_DIR/seal/seal.p12` on first use and kept for every later seal. A configured P12 is
 * opened at start-up (`check`), so a wrong path or passphrase stops the server rather than the first signature.
 */
export type SealInfo = { reason: string; name: string; location: string; contactInfo: string; signingTime: Date };

export type Sealer = {
  /** Adds the signature placeholder to `pdf`, saves it and signs the bytes: the sealed file. */
  seal(pdf: PDFDocument, info: SealInfo): Promise<Buffer>;
  /** The certificate's subject, for the certificate page. */
  subject(): Promise<string>;
  /** Opens the certificate now; a P12 that cannot be read or opened throws a ConfigError naming the setting. */
  check(): void;
};

export type SealerOptions = {
  p12Path?: string;
  passphrase?: string;
  dataDir: string;
  /** Names the generated certificate (the agency's brand). */
  organisation: string;
  log: FastifyBaseLogger;
};

/** The certificate library, loaded when a certificate is first made or read (a seal, or a configured P12's check). */
const require = createRequire(import.meta.url);
let forgeModule: typeof Forge | undefined;
const loadForge = () => (forgeModule ??= require('node-forge') as typeof Forge);

/** Room for the PKCS#7 blob: one 2048-bit RSA signature and a certificate chain fit comfortably. */
const SIGNATURE_LENGTH = 16_384;

/** A self-signed certificate for sealing documents, as a passphrase-protected P12. */
export function generateSelfSignedP12(organisation: string, passphrase: string, now = new Date()): Buffer {
  const forge = loadForge();
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${crypto.randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const attrs = [
    { name: 'commonName', value: `${organisation} document seal` },
    { name: 'organizationName', value: organisation },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des', friendlyName: `${organisation} document seal` });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** Creates the generated P12 once: written aside, then linked into place, so two processes starting together keep one. */
function ensureGeneratedP12(dir: string, organisation: string, passphrase: string, log: FastifyBaseLogger): Buffer {
  const target = path.join(dir, 'seal.p12');
  if (fs.existsSync(target)) return fs.readFileSync(target);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const partial = path.join(dir, `seal.p12.${process.pid}.${crypto.randomBytes(4).toString('hex')}`);
  fs.writeFileSync(partial, generateSelfSignedP12(organisation, passphrase), { mode: 0o600 });
  try {
    fs.linkSync(partial, target);
    log.warn({ path: target }, 'SEAL_P12_PATH is not set: generated a self-signed certificate for sealing contracts');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return fs.readFileSync(target);
}

function subjectOf(p12: Buffer, passphrase: string): string {
  const forge = loadForge();
  const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, passphrase);
  const bags = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const cert = bags[0]?.cert;
  if (!cert) throw new Error('The seal P12 holds no certificate');
  return cert.subject.attributes.map((a) => `${a.shortName ?? a.name}=${String(a.value)}`).join(', ');
}

export function createSealer(options: SealerOptions): Sealer {
  const passphrase = options.passphrase ?? '';
  let loaded: { p12: Buffer; subject: string } | null = null;

  function readConfigured(p12Path: string): Buffer {
    try {
      return fs.readFileSync(p12Path);
    } catch (err) {
      throw new ConfigError(`SEAL_P12_PATH: cannot read the seal certificate at ${p12Path}: ${(err as Error).message}`);
    }
  }

  function load() {
    if (loaded) return loaded;
    const where = options.p12Path ? `SEAL_P12_PATH (${options.p12Path})` : `the generated ${path.join(options.dataDir, 'seal', 'seal.p12')}`;
    const p12 = options.p12Path
      ? readConfigured(options.p12Path)
      : ensureGeneratedP12(path.join(options.dataDir, 'seal'), options.organisation, passphrase, options.log);
    let subject: string;
    try {
      subject = subjectOf(p12, passphrase);
    } catch (err) {
      throw new ConfigError(`SEAL_P12_PASSPHRASE does not open the seal certificate at ${where}: ${(err as Error).message}`);
    }
    loaded = { p12, subject };
    return loaded;
  }

  return {
    async seal(pdf, info) {
      const { p12 } = load();
      // The signing libraries are loaded with the first sealed document, not at every start.
      const [{ pdflibAddPlaceholder }, { SignPdf }, { P12Signer }] = await Promise.all([
        import('@signpdf/placeholder-pdf-lib'),
        import('@signpdf/signpdf'),
        import('@signpdf/signer-p12'),
      ]);
      pdflibAddPlaceholder({
        pdfDoc: pdf,
        reason: info.reason,
        contactInfo: info.contactInfo,
        name: info.name,
        location: info.location,
        signingTime: info.signingTime,
        signatureLength: SIGNATURE_LENGTH,
      });
      // The placeholder is found by scanning the bytes, which object streams would compress away.
      const unsigned = Buffer.from(await pdf.save({ useObjectStreams: false }));
      return new SignPdf().sign(unsigned, new P12Signer(p12, { passphrase }), info.signingTime);
    },
    async subject() {
      return load().subject;
    },
    check() {
      load();
    },
  };
}
