import { describe, expect, it } from 'vitest';
import { roleSchema } from './auth.js';
import { EMPLOYEE_ROLES, ROLE_DASHBOARD, ROLES, invitableRoles, isEmployeeRole, isStaffRole, type Role } from './roles.js';

describe('ROLE_DASHBOARD', () => {
  it('sends every role to its own dashboard path', () => {
    expect(ROLE_DASHBOARD).toEqual({
      client: '/clientdashboardpage',
      admin: '/admindashboardpage',
      superadmin: '/superadmin-dashboard',
      teamlead: '/employee/teamlead-dashboardpage',
      teammember: '/employee/team-memberdashboardpage',
    });
  });

  it('has one distinct dashboard for each role', () => {
    const paths = ROLES.map((role) => ROLE_DASHBOARD[role]);
    expect(new Set(paths).size).toBe(ROLES.length);
  });
});

describe('roles', () => {
  it('knows exactly the five roles', () => {
    expect([...ROLES].sort()).toEqual(['admin', 'client', 'superadmin', 'teamlead', 'teammember']);
    expect(roleSchema.safeParse('owner').success).toBe(false);
  });

  it('counts team leads and team members as employees, and only admins and the super admin as staff', () => {
    expect(EMPLOYEE_ROLES).toEqual(['teamlead', 'teammember']);
    const employees = ROLES.filter(isEmployeeRole);
    const staff = ROLES.filter(isStaffRole);
    expect(employees).toEqual(['teamlead', 'teammember']);
    expect(staff.sort()).toEqual(['admin', 'superadmin']);
  });
});

describe('invitableRoles', () => {
  const expected: Record<Role, Role[]> = {
    superadmin: ['admin', 'teamlead', 'teammember'],
    admin: ['teamlead', 'teammember'],
    client: [],
    teamlead: [],
    teammember: [],
  };

  it.each(ROLES)('lets a %s invite exactly the roles DESIGN section 4 allows', (role) => {
    expect([...invitableRoles(role)].sort()).toEqual([...expected[role]].sort());
  });

  it('never lets anyone invite a client or a super admin', () => {
    for (const role of ROLES) {
      expect(invitableRoles(role)).not.toContain('client');
      expect(invitableRoles(role)).not.toContain('superadmin');
    }
  });

  it('does not let an admin invite another admin', () => {
    expect(invitableRoles('admin')).not.toContain('admin');
  });

  it('rejects a value that is not a role', () => {
    expect(() => invitableRoles('owner' as Role)).toThrow(/Unexpected value: owner/);
  });
});
