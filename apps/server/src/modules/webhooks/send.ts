import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_RESPONSE_KEEP_BYTES, WEBHOOK_TIMEOUT_MS } from '@agency/schema';
import type { CheckedUrl } from './url-guard.js';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs its events. */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

export type AttemptResult = { statusCode: number | null; durationMs: number; response: string; error: string | null };

/**
 * One POST of a delivery to the checked address (the name is not looked up again), within the 5 s timeout; keeps the
 * first 1 KB of the answer and stops reading there. Never throws: a failure is a result with `error`.
 */
export function postWebhook(target: CheckedUrl, body: string, headers: Record<string, string>): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // Every connection goes to the address that was checked, whatever the name would resolve to now.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup,
        agent: false,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'agency-webhooks/1',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () => {
          const status = response.statusCode ?? null;
          const ok = status !== null && status >= 200 && status < 300;
          finish({
            statusCode: status,
            durationMs: elapsed(),
            response: Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_KEEP_BYTES).toString('utf8'),
            error: ok ? null : `The endpoint answered ${status}`,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (kept < WEBHOOK_RESPONSE_KEEP_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
          // Enough of the answer: the rest is not read (an endless answer cannot hold the worker).
          if (kept >= WEBHOOK_RESPONSE_KEEP_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
        response.on('close', done);
      },
    );
    request.on('error', (err: NodeJS.ErrnoException) => {
      const timedOut = err.name === 'AbortError' || err.name === 'TimeoutError';
      finish({
        statusCode: null,
        durationMs: elapsed(),
        response: '',
        error: timedOut ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` : `Could not reach the endpoint (${err.code ?? err.message})`,
      });
    });
    request.end(body);
  });
}
