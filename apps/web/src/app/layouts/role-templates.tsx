import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { DashboardTemplate, type DashboardNavItem } from './dashboard-template';

// Each navigation lists only the screens that exist.

const CLIENT_NAV: readonly DashboardNavItem[] = [
  { to: paths.client.dashboard, label: 'Dashboard', icon: <DashboardOutlinedIcon /> },
];

const ADMIN_NAV: readonly DashboardNavItem[] = [
  { to: paths.admin.dashboard, label: 'Dashboard', icon: <DashboardOutlinedIcon /> },
];

export const SUPERADMIN_NAV: readonly DashboardNavItem[] = [
  { to: paths.superadmin.dashboard, label: 'Dashboard', icon: <DashboardOutlinedIcon /> },
  { to: paths.superadmin.createAdmin, label: 'Create admin', icon: <PersonAddAltOutlinedIcon /> },
  { to: paths.superadmin.adminList, label: 'Admin list', icon: <GroupOutlinedIcon /> },
];

export function ClientTemplate() {
  return <DashboardTemplate areaLabel="Client area" navItems={CLIENT_NAV} />;
}

export function AdminTemplate() {
  return <DashboardTemplate areaLabel="Admin area" navItems={ADMIN_NAV} />;
}

export function SuperadminTemplate() {
  return <DashboardTemplate areaLabel="Super admin" navItems={SUPERADMIN_NAV} />;
}

export function EmployeeTemplate() {
  const { user } = useAuth();
  const dashboard = user?.role === 'teamlead' ? paths.employee.teamleadDashboard : paths.employee.teammemberDashboard;
  return (
    <DashboardTemplate
      areaLabel="Employee area"
      navItems={[{ to: dashboard, label: 'Dashboard', icon: <DashboardOutlinedIcon /> }]}
    />
  );
}
