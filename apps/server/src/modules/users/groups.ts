/** The staff roles that are invited and managed, never signed up for: admins, team leads and team members. */
export type StaffRole = 'admin' | 'teamlead' | 'teammember';

/** The two groups the people pages list and invite: admins, and employees (team leads and team members). */
export type StaffGroup = 'admin' | 'employee';

export const STAFF_GROUP_ROLES: Record<StaffGroup, readonly StaffRole[]> = {
  admin: ['admin'],
  employee: ['teamlead', 'teammember'],
};
