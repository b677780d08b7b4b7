import type { ApiScope, CompanyRole, Locale, Role } from '@agency/schema';

/** Who is calling: resolved from the bearer token before any route runs. */
export type Actor = {
  id: number;
  role: Role;
  name: string;
  email: string;
  sessionId: number;
  /** A client's company and role in it (null for staff and employees): what the client may see and do is decided on these. */
  companyId: number | null;
  companyRole: CompanyRole | null;
  /** The language the person picked (null: their browser's, then the agency's default). */
  locale?: Locale | null;
  /** The address of the request the actor made (set per request; the session memo never holds it). */
  ip?: string;
  /**
   * REQUIRE_STAFF_2FA is on and this staff account has no second factor yet: the session may only enrol (and
   * read who it is, or sign out) until it has one.
   */
  mfaEnrolmentRequired?: boolean;
  /**
   * Set when the caller used a personal API token rather than a session: which token, and its scopes. `sessionId`
   * is then minus the token's id, so that the download links it is given die with the token. Routes outside the
   * scopes, and session-only routes, are refused before they run (plugins/auth.ts).
   */
  apiToken?: { id: number; scopes: readonly ApiScope[] };
  /**
   * Set when the session was opened from an e-mailed document link: it reaches that one document's routes only,
   * every other route answers 401 (plugins/auth.ts), and signing through it asks for a code sent to the addressee.
   */
  documentScope?: { linkId: number; kind: 'proposal' | 'contract' | 'invoice'; documentId: number };
};

/**
 * A change the product makes on its own, with no person behind it: a payment provider's event, a job. It is never
 * a role, so the access policy never lets it through; only state-machine edges that name its trigger accept it.
 */
export type SystemActor = { system: true; trigger: string };
/** Who starts a change: a signed-in person or the product itself. */
export type Initiator = Actor | SystemActor;

export function systemActor(trigger: string): SystemActor {
  return { system: true, trigger };
}

export function isSystemActor(initiator: Initiator): initiator is SystemActor {
  return 'system' in initiator && initiator.system === true;
}
