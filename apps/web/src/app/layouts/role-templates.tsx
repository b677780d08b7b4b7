import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import FolderCopyOutlinedIcon from '@mui/icons-material/FolderCopyOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import HistoryEduOutlinedIcon from '@mui/icons-material/HistoryEduOutlined';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import PolicyOutlinedIcon from '@mui/icons-material/PolicyOutlined';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { useUnreadMessageCount } from '../../features/messaging/api/get-unread-count';
import { useUnreadNotificationCount } from '../../features/notifications/api/get-unread-count';
import { usePendingProjectCount } from '../../features/projects/api/get-project-summary';
import { paths } from '../../lib/paths';
import { DashboardTemplate, type DashboardNavItem } from './dashboard-template';

// Each navigation lists only the screens that exist; every one ends with the person's own profile.

const PROFILE_ITEM: DashboardNavItem = { to: paths.profile, label: 'Profile', icon: <ManageAccountsOutlinedIcon /> };

const CLIENT_NAV: readonly DashboardNavItem[] = [
  { to: paths.client.dashboard, label: 'Dashboard', icon: <DashboardOutlinedIcon /> },
  { to: paths.client.createProject, label: 'New project', icon: <AddCircleOutlineIcon /> },
  { to: paths.client.projects, label: 'My projects', icon: <FolderOutlinedIcon /> },
  { to: paths.client.signContract, label: 'Contracts', icon: <DrawOutlinedIcon /> },
  { to: paths.client.invoices, label: 'Invoices', icon: <ReceiptLongOutlinedIcon /> },
  { to: paths.client.toolRequests, label: 'Tool requests', icon: <BuildOutlinedIcon /> },
  { to: paths.client.notifications, label: 'Notifications', icon: <NotificationsNoneIcon />, BadgeCount: useUnreadNotificationCount },
  { to: paths.client.messages, label: 'Messages', icon: <ForumOutlinedIcon />, BadgeCount: useUnreadMessageCount },
  PROFILE_ITEM,
];

const ADMIN_NAV: readonly DashboardNavItem[] = [
  { to: paths.admin.dashboard, label: 'Dashboard', icon: <DashboardOutlinedIcon /> },
  { to: paths.staff.projects, label: 'All projects', icon: <FolderCopyOutlinedIcon /> },
  { to: paths.admin.contracts, label: 'Contracts', icon: <HistoryEduOutlinedIcon /> },
  { to: paths.staff.contractTemplates, label: 'Contract templates', icon: <ArticleOutlinedIcon /> },
  { to: paths.admin.invoices, label: 'Invoices', icon: <ReceiptLongOutlinedIcon /> },
  { to: paths.staff.employees, label: 'Employees', icon: <BadgeOutlinedIcon /> },
  { to: paths.kanbanBoard, label: 'Kanban board', icon: <ViewKanbanOutlinedIcon /> },
  { to: paths.staff.training, label: 'Training', icon: <SchoolOutlinedIcon /> },
  { to: paths.staff.toolRequests, label: 'Tool requests', icon: <BuildOutlinedIcon /> },
  PROFILE_ITEM,
];

const SUPERADMIN_NAV: readonly DashboardNavItem[] = [
  { to: paths.superadmin.dashboard, label: 'Dashboard', icon: <DashboardOutlinedIcon /> },
  { to: paths.superadmin.projectApproval, label: 'Approvals', icon: <FactCheckOutlinedIcon />, BadgeCount: usePendingProjectCount },
  { to: paths.staff.projects, label: 'All projects', icon: <FolderCopyOutlinedIcon /> },
  { to: paths.superadmin.contracts, label: 'Contracts', icon: <HistoryEduOutlinedIcon /> },
  { to: paths.staff.contractTemplates, label: 'Contract templates', icon: <ArticleOutlinedIcon /> },
  { to: paths.superadmin.invoices, label: 'Invoices', icon: <ReceiptLongOutlinedIcon /> },
  { to: paths.staff.employees, label: 'Employees', icon: <BadgeOutlinedIcon /> },
  { to: paths.kanbanBoard, label: 'Kanban board', icon: <ViewKanbanOutlinedIcon /> },
  { to: paths.staff.training, label: 'Training', icon: <SchoolOutlinedIcon /> },
  { to: paths.staff.toolRequests, label: 'Tool requests', icon: <BuildOutlinedIcon /> },
  { to: paths.superadmin.createAdmin, label: 'Create admin', icon: <PersonAddAltOutlinedIcon /> },
  { to: paths.superadmin.adminList, label: 'Admin list', icon: <GroupOutlinedIcon /> },
  { to: paths.superadmin.replyMessage, label: 'Messages', icon: <ForumOutlinedIcon />, BadgeCount: useUnreadMessageCount },
  { to: paths.superadmin.auditLog, label: 'Audit log', icon: <PolicyOutlinedIcon /> },
  PROFILE_ITEM,
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

/** Screens shared by admins and the super admin keep each role's own navigation. */
export function StaffTemplate() {
  const { user } = useAuth();
  return user?.role === 'superadmin' ? <SuperadminTemplate /> : <AdminTemplate />;
}

export function EmployeeTemplate() {
  const { user } = useAuth();
  const dashboard = user?.role === 'teamlead' ? paths.employee.teamleadDashboard : paths.employee.teammemberDashboard;
  return (
    <DashboardTemplate
      areaLabel="Employee area"
      navItems={[
        { to: dashboard, label: 'Dashboard', icon: <DashboardOutlinedIcon /> },
        { to: paths.kanbanBoard, label: 'Kanban board', icon: <ViewKanbanOutlinedIcon /> },
        { to: paths.employee.training, label: 'Training', icon: <SchoolOutlinedIcon /> },
        { to: paths.employee.teamContract, label: 'Team contracts', icon: <DrawOutlinedIcon /> },
        PROFILE_ITEM,
      ]}
    />
  );
}

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
