import { ROLE_DASHBOARD } from '@agency/schema';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('routes every role dashboard where ROLE_DASHBOARD sends that role', () => {
    expect({
      client: paths.client.dashboard,
      admin: paths.admin.dashboard,
      superadmin: paths.superadmin.dashboard,
      teamlead: paths.employee.teamleadDashboard,
      teammember: paths.employee.teammemberDashboard,
    }).toEqual(ROLE_DASHBOARD);
  });
});
