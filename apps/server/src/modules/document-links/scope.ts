import type { DocumentKind } from './tokens.js';

/** What a session opened from a document link is: the one document it may reach. */
export type DocumentScope = { linkId: number; kind: DocumentKind; documentId: number };

/** The routes of each kind of document a scoped session may call, all on that document's id (`:id`). */
const DOCUMENT_ROUTES: Record<DocumentKind, ReadonlySet<string>> = {
  invoice: new Set(['GET /api/invoices/:id', 'GET /api/invoices/:id/pdf', 'POST /api/invoices/:id/checkout']),
  contract: new Set(['GET /api/contracts/:id', 'POST /api/contracts/:id/view', 'POST /api/contracts/:id/sign', 'GET /api/contracts/:id/pdf']),
  proposal: new Set([
    'GET /api/proposals/:id',
    'POST /api/proposals/:id/view',
    'POST /api/proposals/:id/select',
    'POST /api/proposals/:id/accept',
    'POST /api/proposals/:id/decline',
    'GET /api/proposals/:id/pdf',
  ]),
};

/** Routes about the scoped session itself. */
const SESSION_ROUTES = new Set(['GET /api/auth/me', 'POST /api/auth/logout', 'GET /api/document-links/current', 'POST /api/document-links/code']);

/**
 * Whether a session scoped to one document may call this route: only that document's own routes, with its id, and
 * the few about the session itself. Every other route answers 401, as to a stranger (plugins/auth.ts).
 */
export function scopeAllows(scope: DocumentScope, method: string, routeUrl: string | undefined, params: unknown): boolean {
  if (!routeUrl) return false;
  const key = `${method} ${routeUrl}`;
  if (SESSION_ROUTES.has(key)) return true;
  if (!DOCUMENT_ROUTES[scope.kind].has(key)) return false;
  const id = (params as Record<string, unknown> | undefined)?.id;
  return id === String(scope.documentId);
}
