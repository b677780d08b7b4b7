import { describe, expect, it } from 'vitest';
import { contractPathFor } from './contract-links';

describe('contract links', () => {
  it('opens a contract on each role’s own screen (SPEC paths for the client, employees and the super admin)', () => {
    expect(contractPathFor('client', '7')).toBe('/sign-contract?id=7');
    expect(contractPathFor('teamlead', '7')).toBe('/employee/team-contract?id=7');
    expect(contractPathFor('teammember', '7')).toBe('/employee/team-contract?id=7');
    expect(contractPathFor('superadmin', '7')).toBe('/view-superadmin-contracts?id=7');
    expect(contractPathFor('admin', '7')).toBe('/admindashboard/contracts?id=7');
  });
});
