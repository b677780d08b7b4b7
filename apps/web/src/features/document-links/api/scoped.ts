import { i18n } from '../../../i18n';
import { ApiError, readApiError } from '../../../lib/http';
import '../i18n';

/** A document the one-tap link opens. */
export type LinkedDocument = { kind: 'proposal' | 'contract' | 'invoice'; id: string };

/**
 * A JSON call with the link's own session: it is kept in this page only (never stored as the browser's session),
 * so a link opened on a shared phone signs nobody in to the rest of the app.
 */
export async function scopedRequest<T>(token: string | null, path: string, options: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: i18n.t('document-links:network') });
  }
  if (!response.ok) throw await readApiError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export function redeemLink(linkToken: string) {
  return scopedRequest<{ session_token: string; document: LinkedDocument }>(null, '/document-links/redeem', {
    method: 'POST',
    body: { token: linkToken },
  });
}

/** The PDF, fetched with the link's session (a plain link would carry no bearer), opened in a new tab. */
export async function openPdf(token: string, path: string) {
  const response = await fetch(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw await readApiError(response);
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank', 'noopener');
}
