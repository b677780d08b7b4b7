import type { Role } from '@agency/schema';

/** Who is calling: resolved from the bearer token before any route runs. */
export type Actor = {
  id: number;
  role: Role;
  name: string;
  email: string;
  sessionId: number;
};
