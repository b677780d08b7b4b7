import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { AppContext } from '../../context.js';
import { safeErrorMessage } from '../../lib/log-safety.js';
import { tokenOfAddress } from './reply-tokens.js';
import type { InboundMailService } from './service.js';

function smtpError(message: string, responseCode: number) {
  return Object.assign(new Error(message), { responseCode });
}

/** Recipients a mail may name: a reply goes to one conversation. */
const MAX_RECIPIENTS = 5;

/**
 * The inbound SMTP listener (INBOUND_SMTP_PORT): accepts mail only for `reply+<token>@INBOUND_EMAIL_DOMAIN`, at most
 * INBOUND_EMAIL_MAX_MB a mail and INBOUND_EMAIL_PER_SENDER_PER_MINUTE mails a minute from one sender, and hands each
 * to the inbound mail service. A mail the service refuses was still received (its sender gets the bounce).
 */
export async function startInboundSmtp(ctx: AppContext, inbound: InboundMailService, port: number, host = ctx.config.inbound.smtpHost) {
  const maxBytes = ctx.config.inbound.maxBytes;
  const server = new SMTPServer({
    name: ctx.config.inbound.domain,
    banner: `${ctx.brand.current().agencyName} reply service`,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    logger: false,
    onMailFrom(address, _session, callback) {
      if (address.address && !inbound.admitSender(address.address.toLowerCase())) {
        return callback(smtpError('Too many messages from this sender; try again later', 451));
      }
      callback();
    },
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(smtpError('Too many recipients', 452));
      if (!tokenOfAddress(ctx.config.inbound.domain, address.address)) return callback(smtpError('No such mailbox here', 550));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          return callback(smtpError(`Message too large: at most ${Math.floor(maxBytes / 1024 / 1024)} MB`, 552));
        }
        const mailFrom = session.envelope.mailFrom;
        inbound
          .receive(Buffer.concat(chunks), {
            from: mailFrom ? mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            senderCounted: true,
          })
          .then(
            () => callback(),
            (err: unknown) => {
              ctx.log.error({ error: safeErrorMessage(err) }, 'inbound mail failed');
              callback(smtpError('Temporary failure; try again later', 451));
            },
          );
      });
    },
  });
  server.on('error', (err) => ctx.log.warn({ error: safeErrorMessage(err) }, 'inbound SMTP listener error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
