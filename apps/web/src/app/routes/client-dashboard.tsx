import { RoleDashboard } from './role-dashboard';

export function ClientDashboardRoute() {
  return (
    <RoleDashboard
      title="Dashboard"
      intro="This is your client area. Your account is set up and you are signed in."
    />
  );
}
