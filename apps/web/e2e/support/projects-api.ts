// API helpers for the project journeys: projects and tool requests created directly, and what the API says
// about them afterwards (to check that the screens told the truth).
import type { APIRequestContext } from '@playwright/test';
import { authHeaders, expectStatus, uniqueSuffix, type Auth } from './accounts';

export type ApiProjectDetail = {
  id: string;
  title: string;
  status: string;
  rejection_reason: string | null;
  budget_minor: number | null;
  currency: string;
  team_lead: { id: string; name: string } | null;
  attachments: { id: string; name: string; mime: string; url: string }[];
};

/** POST /api/projects as `client` with a unique title. */
export async function createProjectViaApi(
  request: APIRequestContext,
  client: Auth,
  input: { title?: string; description?: string } = {},
): Promise<ApiProjectDetail> {
  const data = {
    title: input.title ?? `Project ${uniqueSuffix()}`,
    description: input.description ?? 'A project created for the end-to-end suite.',
  };
  const response = await request.post('/api/projects', { headers: authHeaders(client), data });
  return (await expectStatus<{ project: ApiProjectDetail }>(response, 201, `create project ${data.title}`)).project;
}

/** GET /api/projects/{id} as `auth`. */
export async function getProjectViaApi(request: APIRequestContext, auth: Auth, id: string): Promise<ApiProjectDetail> {
  const response = await request.get(`/api/projects/${id}`, { headers: authHeaders(auth) });
  return (await expectStatus<{ project: ApiProjectDetail }>(response, 200, `project ${id}`)).project;
}

/** GET /api/notifications/unread-count as `auth`. */
export async function unreadCountViaApi(request: APIRequestContext, auth: Auth): Promise<number> {
  const response = await request.get('/api/notifications/unread-count', { headers: authHeaders(auth) });
  return (await expectStatus<{ count: number }>(response, 200, 'unread count')).count;
}

/** Marks every notification of `auth` read, so that a test starts from a known count. */
export async function markAllReadViaApi(request: APIRequestContext, auth: Auth): Promise<void> {
  await expectStatus(await request.post('/api/notifications/read-all', { headers: authHeaders(auth) }), 200, 'read all');
}
