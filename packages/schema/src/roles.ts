// No zod here: the web app's first load imports role data without the schema library.
export const ROLES = ['client', 'admin', 'superadmin', 'teamlead', 'teammember'] as const;
export type Role = (typeof ROLES)[number];

export const EMPLOYEE_ROLES = ['teamlead', 'teammember'] as const satisfies readonly Role[];
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

export function isEmployeeRole(role: Role): role is EmployeeRole {
  return role === 'teamlead' || role === 'teammember';
}

export function isStaffRole(role: Role): boolean {
  return role === 'admin' || role === 'superadmin';
}

export const ROLE_LABELS: Record<Role, string> = {
  client: 'Client',
  admin: 'Admin',
  superadmin: 'Super admin',
  teamlead: 'Team lead',
  teammember: 'Team member',
};

/** Where each role lands after login, and where a user opening another role's route is sent. */
export const ROLE_DASHBOARD: Record<Role, string> = {
  client: '/clientdashboardpage',
  admin: '/admindashboardpage',
  superadmin: '/superadmin-dashboard',
  teamlead: '/employee/teamlead-dashboardpage',
  teammember: '/employee/team-memberdashboardpage',
};

/** Which roles an inviter may invite (DESIGN section 4). */
export function invitableRoles(inviter: Role): Role[] {
  switch (inviter) {
    case 'superadmin':
      return ['admin', 'teamlead', 'teammember'];
    case 'admin':
      return ['teamlead', 'teammember'];
    case 'client':
    case 'teamlead':
    case 'teammember':
      return [];
    default:
      return assertNever(inviter);
  }
}

export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${String(value)}`);
}
