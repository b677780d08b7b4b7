import { RoleDashboard } from './role-dashboard';

export function AdminDashboardRoute() {
  return <RoleDashboard title="Admin dashboard" intro="This is the admin area. Your admin account is active." />;
}
