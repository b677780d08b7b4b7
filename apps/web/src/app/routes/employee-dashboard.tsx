import { RoleDashboard } from './role-dashboard';

export function TeamleadDashboardRoute() {
  return <RoleDashboard title="Team lead dashboard" intro="This is your team lead area. Your account is active." />;
}

export function TeammemberDashboardRoute() {
  return <RoleDashboard title="Team member dashboard" intro="This is your team member area. Your account is active." />;
}
