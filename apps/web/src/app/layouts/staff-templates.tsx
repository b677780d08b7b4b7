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
import { useLayoutsT } from './i18n';
import { PROFILE_ITEM } from './profile-nav-item';

// The navigations of admins and the super admin: only the screens that exist, each ending with the profile.

const ADMIN_NAV: readonly DashboardNavItem[] = [
  { to: paths.admin.dashboard, label: 'dashboard', icon: <DashboardOutlinedIcon /> },
  { to: paths.staff.projects, label: 'allProjects', icon: <FolderCopyOutlinedIcon /> },
  { to: paths.staff.clients, label: 'clients', icon: <BusinessOutlinedIcon /> },
  { to: paths.staff.proposals, label: 'proposals', icon: <DescriptionOutlinedIcon /> },
  { to: paths.admin.contracts, label: 'contracts', icon: <HistoryEduOutlinedIcon /> },
  { to: paths.staff.contractTemplates, label: 'contractTemplates', icon: <ArticleOutlinedIcon /> },
  { to: paths.admin.invoices, label: 'invoices', icon: <ReceiptLongOutlinedIcon /> },
  { to: paths.time.approvals, label: 'timeAndExpenses', icon: <ScheduleOutlinedIcon /> },
  { to: paths.time.report, label: 'profitability', icon: <TrendingUpOutlinedIcon /> },
  { to: paths.staff.employees, label: 'employees', icon: <BadgeOutlinedIcon /> },
  { to: paths.kanbanBoard, label: 'kanbanBoard', icon: <ViewKanbanOutlinedIcon /> },
  { to: paths.staff.training, label: 'training', icon: <SchoolOutlinedIcon /> },
  { to: paths.staff.toolRequests, label: 'toolRequests', icon: <BuildOutlinedIcon /> },
  { to: paths.staff.webhooks, label: 'webhooks', icon: <WebhookOutlinedIcon /> },
  PROFILE_ITEM,
];

// Nineteen items fit a 1280 x 800 window (dashboards.spec.ts): the super admin reaches the proposals from the
// dashboard's Proposals card and from the approval screen, where they are written.
const SUPERADMIN_NAV: readonly DashboardNavItem[] = [
  { to: paths.superadmin.dashboard, label: 'dashboard', icon: <DashboardOutlinedIcon /> },
  { to: paths.superadmin.projectApproval, label: 'approvals', icon: <FactCheckOutlinedIcon />, BadgeCount: usePendingProjectCount },
  { to: paths.staff.projects, label: 'allProjects', icon: <FolderCopyOutlinedIcon /> },
  { to: paths.staff.clients, label: 'clients', icon: <BusinessOutlinedIcon /> },
  { to: paths.superadmin.contracts, label: 'contracts', icon: <HistoryEduOutlinedIcon /> },
  { to: paths.staff.contractTemplates, label: 'contractTemplates', icon: <ArticleOutlinedIcon /> },
  { to: paths.superadmin.invoices, label: 'invoices', icon: <ReceiptLongOutlinedIcon /> },
  { to: paths.time.approvals, label: 'timeAndExpenses', icon: <ScheduleOutlinedIcon /> },
  { to: paths.time.report, label: 'profitability', icon: <TrendingUpOutlinedIcon /> },
  { to: paths.staff.employees, label: 'employees', icon: <BadgeOutlinedIcon /> },
  { to: paths.kanbanBoard, label: 'kanbanBoard', icon: <ViewKanbanOutlinedIcon /> },
  { to: paths.staff.training, label: 'training', icon: <SchoolOutlinedIcon /> },
  { to: paths.staff.toolRequests, label: 'toolRequests', icon: <BuildOutlinedIcon /> },
  { to: paths.superadmin.createAdmin, label: 'createAdmin', icon: <PersonAddAltOutlinedIcon /> },
  { to: paths.superadmin.adminList, label: 'adminList', icon: <GroupOutlinedIcon /> },
  { to: paths.superadmin.replyMessage, label: 'messages', icon: <ForumOutlinedIcon />, BadgeCount: useUnreadMessageCount },
  { to: paths.superadmin.auditLog, label: 'auditLog', icon: <PolicyOutlinedIcon /> },
  { to: paths.superadmin.brand, label: 'brand', icon: <PaletteOutlinedIcon /> },
  PROFILE_ITEM,
];

export function AdminTemplate() {
  const { t } = useLayoutsT();
  return <DashboardTemplate areaLabel={t('areas.admin')} navItems={ADMIN_NAV} />;
}

export function SuperadminTemplate() {
  const { t } = useLayoutsT();
  return <DashboardTemplate areaLabel={t('areas.superadmin')} navItems={SUPERADMIN_NAV} />;
}

/** Screens shared by admins and the super admin keep each role's own navigation. */
export function StaffTemplate() {
  const { user } = useAuth();
  return user?.role === 'superadmin' ? <SuperadminTemplate /> : <AdminTemplate />;
}
