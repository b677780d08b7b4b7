// The callers of the access tables kept beside the shared one (test/access-matrix.ts), and the statuses they expect.
import type { AuthResponse } from '@agency/schema';
import type { FastifyInstance } from 'fastify';
import { routeMatcher, ROUTES_WITH_OWN_TABLE } from './access-matrix.js';
import { signInPeople, type People } from './contract-support.js';
import { inviteColleague } from './helpers.js';
import type { World } from './invoice-helpers.js';

/** The routes the shared access table leaves to `file` that none of the calls reaches: none, for a complete table. */
export function routesNotCalled(file: string, exercised: readonly { method: string; path: string }[]): string[] {
  return (ROUTES_WITH_OWN_TABLE[file] ?? [`(no routes are listed for ${file})`]).filter((route) => {
    const [method, pattern] = route.split(' ');
    return !exercised.some((e) => e.method === method && routeMatcher(pattern).test(e.path));
  });
}

/** A table's token for each caller by name; `anonymous` calls without one. */
export function tokensOf<Name extends string>(accounts: Record<Name, AuthResponse>): (actor: Name | 'anonymous') => string | undefined {
  return (actor) => (actor === 'anonymous' ? undefined : accounts[actor as Name].token);
}

/** The callers of the invoice and billing tables: a World's people, with the client's colleagues beside the client. */
export function worldTokens<Colleague extends string>(w: World, colleagues: Record<Colleague, AuthResponse>) {
  return tokensOf({
    client: w.client,
    ...colleagues,
    otherClient: w.otherClient,
    teammember: w.member,
    teamlead: w.lead,
    admin: w.admin,
    superadmin: w.owner,
  });
}

/**
 * Who calls: signed out; the client's company (the client, the project's requester and first owner; a second owner;
 * a billing person; a member); another company's client; the team member on the project, one off it, the team lead;
 * staff.
 */
export const ACTORS = [
  'anonymous',
  'client',
  'coOwner',
  'billing',
  'companyMember',
  'otherClient',
  'member',
  'outsider',
  'lead',
  'admin',
  'superadmin',
] as const;
export type ActorName = (typeof ACTORS)[number];
export type Expected = Record<ActorName, number>;

/** One status per actor, in the order of ACTORS; the client's company as [client, co-owner, billing, member]. */
export function statuses(
  anonymous: number,
  company: [number, number, number, number],
  ...rest: [number, number, number, number, number, number]
): Expected {
  return Object.fromEntries(ACTORS.map((a, i) => [a, [anonymous, ...company, ...rest][i]])) as Expected;
}
export const same = (status: number): [number, number, number, number] => [status, status, status, status];
export const STAFF_ONLY = (ok: number) => statuses(401, same(403), 403, 403, 403, 403, ok, ok);
export const isStaff = (actor: ActorName) => actor === 'admin' || actor === 'superadmin';

export type Callers = {
  who: People;
  colleagues: Record<'coOwner' | 'billing' | 'companyMember', AuthResponse>;
  tokenOf: (actor: ActorName) => string | undefined;
};

/** Every kind of caller signed in: the roles, a team member off the project, and the client's invited colleagues. */
export async function signInCallers(app: FastifyInstance): Promise<Callers> {
  const who = await signInPeople(app);
  const colleagues = {
    coOwner: await inviteColleague(app, who.client.token, 'owner'),
    billing: await inviteColleague(app, who.client.token, 'billing'),
    companyMember: await inviteColleague(app, who.client.token, 'member'),
  };
  const tokenOf = tokensOf({
    client: who.client,
    ...colleagues,
    otherClient: who.otherClient,
    member: who.teammember,
    outsider: who.outsider,
    lead: who.teamlead,
    admin: who.admin,
    superadmin: who.superadmin,
  });
  return { who, colleagues, tokenOf };
}
