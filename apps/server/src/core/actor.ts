import type { Role } from '@agency/schema';

/** Who is calling: resolved from the bearer token before any route runs. */
export type Actor = {
  id: number;
  role: Role;
  name: string;
  email: string;
  sessionId: number;
  /** The address of the request the actor made (set per request; the session memo never holds it). */
  ip?: string;
  /**
   * REQUIRE_STAFF_2FA is on and this staff account has no second factor yet: the session may only enrol (and
   * read who it is, or sign out) until it has one.
   */
  mfaEnrolmentRequired?: boolean;
};
