import { useAuth } from '../../features/auth/hooks/use-auth';
import { ClientTemplate } from './client-template';
import { EmployeeTemplate } from './employee-template';
import { AdminTemplate, StaffTemplate, SuperadminTemplate } from './staff-templates';

// Templates for screens that more than one role opens. Each role's own template lives in its own module, so a
// screen of one role does not load the navigation (and its icons) of the others.

/** The board sits inside each role's own template: employees' or staff's. */
export function BoardTemplate() {
  const { user } = useAuth();
  return user?.role === 'admin' || user?.role === 'superadmin' ? <StaffTemplate /> : <EmployeeTemplate />;
}

/** Screens every role has (the profile), each inside the signed-in person's own template. */
export function OwnTemplate() {
  const { user } = useAuth();
  switch (user?.role) {
    case 'client':
      return <ClientTemplate />;
    case 'admin':
      return <AdminTemplate />;
    case 'superadmin':
      return <SuperadminTemplate />;
    default:
      return <EmployeeTemplate />;
  }
}
