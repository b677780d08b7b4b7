// A real SMTP peer on loopback that keeps every message it is sent: what the end-to-end server and the cluster send
// their mail to, so tests read the links people would get. Built on the `smtp-server` package.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A header's value as read: RFC 2047 encoded words (what nodemailer writes for a subject with `·` in it) decoded. */
function decodeWords(value) {
  return value.replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1').replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset, encoding, text) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** The text part of a raw message: headers off, quoted-printable (what nodemailer sends for long lines) decoded. */
export function textOf(raw) {
  const split = raw.indexOf('\r\n\r\n');
  // Folded header lines joined again.
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = raw.slice(split + 4);
  if (/^content-transfer-encoding:\s*quoted-printable/im.test(headers)) {
    body = Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  } else if (/^content-transfer-encoding:\s*base64/im.test(headers)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  const subject = decodeWords(/^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '');
  const replyTo = /^reply-to:\s*(.*)$/im.exec(headers)?.[1]?.trim();
  return { subject, text: body, ...(replyTo ? { replyTo } : {}) };
}

/**
 * Starts the sink on a free port. Each message is kept in `messages` (one entry per recipient) and, with `file`,
 * appended to it as a line of JSON.
 *
 * @param {{ file?: string }} [options]
 */
export async function startMailSink(options = {}) {
  if (options.file) {
    fs.mkdirSync(path.dirname(options.file), { recursive: true });
    fs.writeFileSync(options.file, '');
  }
  /** @type {{ to: string; subject: string; text: string; replyTo?: string }[]} */
  const messages = [];
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const { subject, text, replyTo } = textOf(Buffer.concat(chunks).toString('utf8'));
        for (const to of session.envelope.rcptTo) {
          const message = { to: to.address.toLowerCase(), subject, text, ...(replyTo ? { replyTo } : {}) };
          messages.push(message);
          if (options.file) fs.appendFileSync(options.file, `${JSON.stringify(message)}\n`);
        }
        callback();
      });
    },
  });
  await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
  return { port: sink.server.address().port, messages, close: () => new Promise((resolve) => sink.close(resolve)) };
}
