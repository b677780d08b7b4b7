import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import FolderCopyOutlinedIcon from '@mui/icons-material/FolderCopyOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import HistoryEduOutlinedIcon from '@mui/icons-material/HistoryEduOutlined';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import PolicyOutlinedIcon from '@mui/icons-material/PolicyOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import WebhookOutlinedIcon from '@mui/icons-material/WebhookOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import TrendingUpOutlinedIcon from '@mui/icons-material/TrendingUpOutlined';
import { useUnreadMessageCount } from '../../features/messaging/api/get-unread-count';
import { usePendingProjectCount } from '../../features/projects/api/get-project-summary';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { DashboardTemplate, type DashboardNavItem } from './dashboard-template';
import { PROFILE_ITEM } from './profile-nav-item';

// The navigations of admins and the super admin: only the screens that exist, each ending with the profile.

const ADMIN_NAV: readonly DashboardNavItem[] = [
  { to: paths.admin.dashboard, label: 'Dashboard', icon: <DashboardOutlinedIcon /> },
  { to: paths.staff.projects, label: 'All projects', icon: <FolderCopyOutlinedIcon /> },
  { to: paths.staff.clients, label: 'Clients', icon: <BusinessOutlinedIcon /> },
  { to: paths.staff.proposals, label: 'Proposals', icon: <DescriptionOutlinedIcon /> },
  { to: paths.admin.contracts, label: 'Contracts', icon: <HistoryEduOutlinedIcon /> },
  { to: paths.staff.contractTemplates, label: 'Contract templates', icon: <ArticleOutlinedIcon /> },
  { to: paths.admin.invoices, label: 'Invoices', icon: <ReceiptLongOutlinedIcon /> },
  { to: paths.time.approvals, label: 'Time & expenses', icon: <ScheduleOutlinedIcon /> },
  { to: paths.time.report, label: 'Profitability', icon: <TrendingUpOutlinedIcon /> },
  { to: paths.staff.employees, label: 'Employees', icon: <BadgeOutlinedIcon /> },
  { to: paths.kanbanBoard, label: 'Kanban board', icon: <ViewKanbanOutlinedIcon /> },
  { to: paths.staff.training, label: 'Training', icon: <SchoolOutlinedIcon /> },
  { to: paths.staff.toolRequests, label: 'Tool requests', icon: <BuildOutlinedIcon /> },
  { to: paths.staff.webhooks, label: 'Webhooks', icon: <WebhookOutlinedIcon /> },
  PROFILE_ITEM,
];

// Nineteen items fit a 1280 x 800 window (dashboards.spec.ts): the super admin reaches the proposals from the
// dashboard's Proposals card and from the approval screen, where they are written.
const SUPERADMIN_NAV: readonly DashboardNavItem[] = [
  { to: paths.superadmin.dashboard, label: 'Dashboard', icon: <DashboardOutlinedIcon /> },
  { to: paths.superadmin.projectApproval, label: 'Approvals', icon: <FactCheckOutlinedIcon />, BadgeCount: usePendingProjectCount },
  { to: paths.staff.projects, label: 'All projects', icon: <FolderCopyOutlinedIcon /> },
  { to: paths.staff.clients, label: 'Clients', icon: <BusinessOutlinedIcon /> },
  { to: paths.superadmin.contracts, label: 'Contracts', icon: <HistoryEduOutlinedIcon /> },
  { to: paths.staff.contractTemplates, label: 'Contract templates', icon: <ArticleOutlinedIcon /> },
  { to: paths.superadmin.invoices, label: 'Invoices', icon: <ReceiptLongOutlinedIcon /> },
  { to: paths.time.approvals, label: 'Time & expenses', icon: <ScheduleOutlinedIcon /> },
  { to: paths.time.report, label: 'Profitability', icon: <TrendingUpOutlinedIcon /> },
  { to: paths.staff.employees, label: 'Employees', icon: <BadgeOutlinedIcon /> },
  { to: paths.kanbanBoard, label: 'Kanban board', icon: <ViewKanbanOutlinedIcon /> },
  { to: paths.staff.training, label: 'Training', icon: <SchoolOutlinedIcon /> },
  { to: paths.staff.toolRequests, label: 'Tool requests', icon: <BuildOutlinedIcon /> },
  { to: paths.superadmin.createAdmin, label: 'Create admin', icon: <PersonAddAltOutlinedIcon /> },
  { to: paths.superadmin.adminList, label: 'Admin list', icon: <GroupOutlinedIcon /> },
  { to: paths.superadmin.replyMessage, label: 'Messages', icon: <ForumOutlinedIcon />, BadgeCount: useUnreadMessageCount },
  { to: paths.superadmin.auditLog, label: 'Audit log', icon: <PolicyOutlinedIcon /> },
  { to: paths.superadmin.brand, label: 'Brand', icon: <PaletteOutlinedIcon /> },
  PROFILE_ITEM,
];

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
