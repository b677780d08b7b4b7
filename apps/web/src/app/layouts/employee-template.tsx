import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { DashboardTemplate } from './dashboard-template';
import { useLayoutsT } from './i18n';
import { PROFILE_ITEM } from './profile-nav-item';

// The employees' navigation (team leads and team members): only the screens that exist, ending with the profile.

export function EmployeeTemplate() {
  const { user } = useAuth();
  const { t } = useLayoutsT();
  const dashboard = user?.role === 'teamlead' ? paths.employee.teamleadDashboard : paths.employee.teammemberDashboard;
  return (
    <DashboardTemplate
      areaLabel={t('areas.employee')}
      navItems={[
        { to: dashboard, label: 'dashboard', icon: <DashboardOutlinedIcon /> },
        { to: paths.kanbanBoard, label: 'kanbanBoard', icon: <ViewKanbanOutlinedIcon /> },
        { to: paths.time.timesheet, label: 'timesheet', icon: <ScheduleOutlinedIcon /> },
        ...(user?.role === 'teamlead' ? [{ to: paths.time.approvals, label: 'timeApprovals' as const, icon: <FactCheckOutlinedIcon /> }] : []),
        { to: paths.time.expenses, label: 'expenses', icon: <ReceiptOutlinedIcon /> },
        { to: paths.employee.training, label: 'training', icon: <SchoolOutlinedIcon /> },
        { to: paths.employee.teamContract, label: 'teamContracts', icon: <DrawOutlinedIcon /> },
        PROFILE_ITEM,
      ]}
    />
  );
}
