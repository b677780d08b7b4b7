import { describe, expect, it } from 'vitest';
import { roleSchema } from './auth.js';
import { EMPLOYEE_ROLES, ROLES, invitableRoles, isEmployeeRole, isStaffRole, type EmployeeRole, type Role } from './roles.js';

describe('roles', () => {
  it('accepts each of the five roles and nothing else', () => {
    for (const role of ROLES) expect(roleSchema.safeParse(role).success).toBe(true);
    for (const other of ['owner', 'Admin', 'super admin', '', 'employee']) expect(roleSchema.safeParse(other).success).toBe(false);
  });

  // DESIGN section 4: team leads and team members are employees; admins and the super admin run the agency.
  const kind: Record<Role, 'employee' | 'staff' | 'client'> = {
    client: 'client',
    admin: 'staff',
    superadmin: 'staff',
    teamlead: 'employee',
    teammember: 'employee',
  };

  it.each(ROLES)('tells whether a %s is an employee or staff', (role) => {
    expect(isEmployeeRole(role)).toBe(kind[role] === 'employee');
    expect(isStaffRole(role)).toBe(kind[role] === 'staff');
    expect(EMPLOYEE_ROLES.includes(role as EmployeeRole)).toBe(isEmployeeRole(role));
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
