import type { Role } from '@agency/schema';
import { paths } from './paths';

/** The screen where each role reads its contracts; `?id=` on it opens one. */
export function contractsPathFor(role: Role): string {
  switch (role) {
    case 'client':
      return paths.client.signContract;
    case 'teamlead':
    case 'teammember':
      return paths.employee.teamContract;
    case 'admin':
      return paths.admin.contracts;
    case 'superadmin':
      return paths.superadmin.contracts;
  }
}

export function contractPathFor(role: Role, contractId: string): string {
  return `${contractsPathFor(role)}?id=${encodeURIComponent(contractId)}`;
}
