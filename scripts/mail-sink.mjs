// A real SMTP peer on loopback that keeps every message it is sent: what the end-to-end server and the cluster send
// their mail to, so tests read the links people would get. Built on the `smtp-server` package.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A raw message as journeys read it: its subject (encoded words decoded), its text part, its HTML part, the content
 * ids of the pictures it carries inline (the brand's logo) and its Reply-To address.
 */
export async function parseMail(raw) {
  const mail = await simpleParser(raw, { skipTextLinks: true, keepCidLinks: true });
  return {
    subject: mail.subject ?? '',
    text: (mail.text ?? '').replace(/\n$/, ''),
    // The Reply-To address, when the mail had one (a chat message's reply address).
    ...(mail.replyTo?.value?.[0]?.address ? { replyTo: mail.replyTo.value[0].address } : {}),
    html: typeof mail.html === 'string' ? mail.html : '',
    inline: mail.attachments
      .filter((a) => a.contentDisposition === 'inline' && a.cid)
      .map((a) => ({ cid: a.cid, contentType: a.contentType, size: a.size })),
  };
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
  /** @type {{ to: string; subject: string; text: string; html: string; inline: { cid: string; contentType: string; size: number }[]; replyTo?: string }[]} */
  const messages = [];
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        parseMail(Buffer.concat(chunks)).then(
          (parsed) => {
            for (const to of session.envelope.rcptTo) {
              const message = { to: to.address.toLowerCase(), ...parsed };
              messages.push(message);
              if (options.file) fs.appendFileSync(options.file, `${JSON.stringify(message)}\n`);
            }
            callback();
          },
          (err) => callback(err),
        );
      });
    },
  });
  await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
  return { port: sink.server.address().port, messages, close: () => new Promise((resolve) => sink.close(resolve)) };
}
