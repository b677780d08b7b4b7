// Accounts for the end-to-end suite: the super admin that bootstrap.setup.ts creates through the UI, and API
// helpers that create every other kind of account quickly. Specs share these; keep the exported names stable.
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { linkPath, waitForMail } from './mailbox';

export type Role = 'client' | 'admin' | 'superadmin' | 'teamlead' | 'teammember';
export type InvitedRole = 'admin' | 'teamlead' | 'teammember';

/** A client's role in their company (DESIGN section 9). */
export type CompanyRole = 'owner' | 'billing' | 'member';

/** `user` as the API returns it (DESIGN section 5); a client's company and role in it, null for everyone else. */
export type ApiUser = { id: string; name: string; email: string; role: Role; company_id?: string | null; company_role?: CompanyRole | null };

/** A signed-in account: the bearer token and user from `{token, user}`, plus the password it was created with. */
export type Auth = { token: string; user: ApiUser; password: string };

/** The one super admin, created on the empty database by bootstrap.setup.ts. */
export const SUPERADMIN = {
  name: 'Olivia Owner',
  email: 'owner@e2e.test',
  password: 'Owner-e2e-Pass-2023',
} as const;

/** Matches SUPERADMIN_SETUP_KEY in scripts/e2e-server.mjs. */
export const SUPERADMIN_SETUP_KEY = 'e2e-setup-key-0123456789';

/** The password given to accounts created by the helpers unless a test picks its own. */
export const DEFAULT_PASSWORD = 'E2e-Pass-12345';

/** Where each role lands after login (SPEC section 2, DESIGN section 4). */
export const DASHBOARD: Record<Role, string> = {
  client: '/clientdashboardpage',
  admin: '/admindashboardpage',
  superadmin: '/superadmin-dashboard',
  teamlead: '/employee/teamlead-dashboardpage',
  teammember: '/employee/team-memberdashboardpage',
};

/** Browser storage keys (SPEC section 3). */
export const STORAGE_KEY_TOKEN = 'authToken';
export const STORAGE_KEY_USER_ID = 'unique_id';

let sequence = 0;

/** A fresh suffix so that tests never share an account, whatever order they run in. */
export function uniqueSuffix(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${sequence}${Math.random().toString(36).slice(2, 6)}`;
}

/** A unique address on the e2e.test domain, e.g. `client-lx3k9a1b2c@e2e.test`. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${uniqueSuffix()}@e2e.test`.toLowerCase();
}

export function authHeaders(auth: Auth | string): Record<string, string> {
  return { Authorization: `Bearer ${typeof auth === 'string' ? auth : auth.token}` };
}

/** The JSON body of a response, after checking its status; on a mismatch the error carries the body. */
export async function expectStatus<T = unknown>(response: APIResponse, status: number, what: string): Promise<T> {
  if (response.status() !== status) {
    const body = await response.text().catch(() => '<unreadable body>');
    throw new Error(`${what}: expected HTTP ${status}, got ${response.status()} ${response.url()}\n${body}`);
  }
  if (status === 204) return undefined as T;
  return (await response.json()) as T;
}

type AuthResponse = { token: string; user: ApiUser };

/** POST /api/auth/login. */
export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<Auth> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  const body = await expectStatus<AuthResponse>(response, 200, `login as ${email}`);
  return { token: body.token, user: body.user, password };
}

/** A new session of the bootstrap super admin. */
export function loginSuperadmin(request: APIRequestContext): Promise<Auth> {
  return apiLogin(request, SUPERADMIN.email, SUPERADMIN.password);
}

export type NewClient = { name?: string; email?: string; password?: string; company?: string; phone?: string };

/** POST /api/auth/signup/client with a unique e-mail unless one is given. */
export async function createClient(request: APIRequestContext, input: NewClient = {}): Promise<Auth> {
  const suffix = uniqueSuffix();
  const data = {
    name: input.name ?? `Client ${suffix}`,
    email: input.email ?? uniqueEmail('client'),
    password: input.password ?? DEFAULT_PASSWORD,
    ...(input.company !== undefined && { company: input.company }),
    ...(input.phone !== undefined && { phone: input.phone }),
  };
  const response = await request.post('/api/auth/signup/client', { data });
  await expectStatus(response, 202, `client signup ${data.email}`);
  // The account is made from the link mailed to the address, as a person would open it.
  const mail = await waitForMail(data.email, /finish signing up/);
  const token = new URLSearchParams(linkPath(mail, '/confirm-signup').split('?')[1]).get('token')!;
  const confirmed = await request.post('/api/auth/signup/confirm', { data: { token } });
  const body = await expectStatus<AuthResponse>(confirmed, 201, `client signup confirmation ${data.email}`);
  return { token: body.token, user: body.user, password: data.password };
}

export type Invitation = {
  invitation: { id: string; email: string; role: InvitedRole; expires_at: string };
  /** The full sign-up link (`.../protected/admin-signup?token=...`). */
  link: string;
  /** The single-use token from the link's `token` query parameter. */
  token: string;
};

/** The `token` query parameter of an invitation link. */
export function inviteTokenFromLink(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`invitation link without a token: ${link}`);
  return token;
}

/** POST /api/invitations as `inviter` (the super admin for admins; an admin or the super admin for employees). */
export async function invite(request: APIRequestContext, inviter: Auth, role: InvitedRole, email: string = uniqueEmail(role)): Promise<Invitation> {
  const response = await request.post('/api/invitations', { data: { email, role }, headers: authHeaders(inviter) });
  const body = await expectStatus<Omit<Invitation, 'token'>>(response, 201, `invite ${role} ${email}`);
  return { ...body, token: inviteTokenFromLink(body.link) };
}

/** POST /api/auth/signup/admin (admin invitations) or /api/auth/signup/employee (team lead / team member). */
export async function acceptInvitation(
  request: APIRequestContext,
  invitation: Invitation,
  input: { name?: string; password?: string } = {},
): Promise<Auth> {
  const password = input.password ?? DEFAULT_PASSWORD;
  const role = invitation.invitation.role;
  const data = { invite_token: invitation.token, name: input.name ?? `${role} ${uniqueSuffix()}`, password };
  const endpoint = role === 'admin' ? '/api/auth/signup/admin' : '/api/auth/signup/employee';
  const response = await request.post(endpoint, { data });
  const body = await expectStatus<AuthResponse>(response, 201, `${role} signup ${invitation.invitation.email}`);
  return { token: body.token, user: body.user, password };
}

export type NewInvitedAccount = { name?: string; email?: string; password?: string; inviter?: Auth };

/** Invites (as the super admin unless `inviter` is given) and signs up an admin, team lead or team member. */
export async function createInvitedAccount(request: APIRequestContext, role: InvitedRole, input: NewInvitedAccount = {}): Promise<Auth> {
  const inviter = input.inviter ?? (await loginSuperadmin(request));
  const invitation = await invite(request, inviter, role, input.email ?? uniqueEmail(role));
  return acceptInvitation(request, invitation, { name: input.name, password: input.password });
}

export const createAdmin = (request: APIRequestContext, input?: NewInvitedAccount) => createInvitedAccount(request, 'admin', input);
export const createTeamlead = (request: APIRequestContext, input?: NewInvitedAccount) => createInvitedAccount(request, 'teamlead', input);
export const createTeammember = (request: APIRequestContext, input?: NewInvitedAccount) => createInvitedAccount(request, 'teammember', input);

export type ColleagueInvitation = {
  invitation: { id: string; email: string; role: CompanyRole; expires_at: string };
  /** The full sign-up link (`.../company-invitation?token=...`). */
  link: string;
  token: string;
};

/** POST /api/company/invitations as the company's owner. */
export async function inviteColleague(
  request: APIRequestContext,
  owner: Auth,
  role: CompanyRole,
  email: string = uniqueEmail(role),
): Promise<ColleagueInvitation> {
  const response = await request.post('/api/company/invitations', { data: { email, role }, headers: authHeaders(owner) });
  const body = await expectStatus<Omit<ColleagueInvitation, 'token'>>(response, 201, `invite colleague ${role} ${email}`);
  return { ...body, token: inviteTokenFromLink(body.link) };
}

/** POST /api/company/invitations/accept: the colleague's account, signed in. */
export async function acceptColleagueInvitation(
  request: APIRequestContext,
  invitation: ColleagueInvitation,
  input: { name?: string; password?: string } = {},
): Promise<Auth> {
  const password = input.password ?? DEFAULT_PASSWORD;
  const data = { invite_token: invitation.token, name: input.name ?? `Colleague ${uniqueSuffix()}`, password };
  const response = await request.post('/api/company/invitations/accept', { data });
  const body = await expectStatus<AuthResponse>(response, 201, `colleague signup ${invitation.invitation.email}`);
  return { token: body.token, user: body.user, password };
}

/** A colleague of `owner`'s company with `role`, invited and signed up through the API. */
export async function createColleague(
  request: APIRequestContext,
  owner: Auth,
  role: CompanyRole,
  input: { name?: string; email?: string; password?: string } = {},
): Promise<Auth> {
  const invitation = await inviteColleague(request, owner, role, input.email ?? uniqueEmail(role));
  return acceptColleagueInvitation(request, invitation, input);
}

/**
 * Puts a session into the browser the way the app keeps it (localStorage `authToken` and `unique_id`), then opens
 * `path` (default: the role's dashboard). On load the app restores the user with GET /api/auth/me.
 * When no path is given it also waits until the dashboard has rendered.
 */
export async function signInBrowser(page: Page, auth: Auth, path?: string): Promise<void> {
  // A same-origin document without the app, so that nothing reads storage before it is written.
  await page.goto('/api/health');
  await page.evaluate(
    ([tokenKey, idKey, token, id]) => {
      localStorage.setItem(tokenKey, token);
      localStorage.setItem(idKey, id);
    },
    [STORAGE_KEY_TOKEN, STORAGE_KEY_USER_ID, auth.token, auth.user.id] as const,
  );
  const target = path ?? DASHBOARD[auth.user.role];
  await page.goto(target);
  if (path === undefined) {
    await expect(page).toHaveURL(pathnameIs(target));
    await expect(page.getByTestId('dashboard')).toBeVisible();
  }
}

/**
 * A `storageState` for `browser.newContext({ storageState })` that starts signed in as `auth`.
 * `baseURL` is the app's origin (for example `testInfo.project.use.baseURL`).
 */
export function storageStateFor(auth: Auth, baseURL: string) {
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(baseURL).origin,
        localStorage: [
          { name: STORAGE_KEY_TOKEN, value: auth.token },
          { name: STORAGE_KEY_USER_ID, value: auth.user.id },
        ],
      },
    ],
  };
}

/** Fills and submits the form on /loginpage (the page must be open). */
export async function fillLoginForm(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.getByTestId('login-submit').click();
}

/** Signs in through the /loginpage UI and waits for the role's dashboard. */
export async function loginThroughUi(page: Page, email: string, password: string, role: Role): Promise<void> {
  await page.goto('/loginpage');
  await fillLoginForm(page, email, password);
  await expect(page).toHaveURL(pathnameIs(DASHBOARD[role]));
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

/** A URL matcher for an exact pathname, whatever the origin and query. */
export function pathnameIs(pathname: string): (url: URL) => boolean {
  return (url) => url.pathname === pathname;
}
