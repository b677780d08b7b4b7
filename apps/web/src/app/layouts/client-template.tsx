import type { CompanyRole } from '@agency/schema';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { useUnreadNotificationCount } from '../../features/notifications/api/get-unread-count';
import { useUnreadMessageCount } from '../../features/messaging/api/get-unread-count';
import { companyRoleOf } from '../../lib/company-role';
import { paths } from '../../lib/paths';
import { DashboardTemplate, type DashboardNavItem } from './dashboard-template';
import { useLayoutsT } from './i18n';
import { PROFILE_ITEM } from './profile-nav-item';

// The client's navigation: only the screens that exist, ending with the profile. What a client may do follows
// their role in their company.

const CLIENT_NAV: readonly DashboardNavItem[] = [
  { to: paths.client.dashboard, label: 'dashboard', icon: <DashboardOutlinedIcon /> },
  { to: paths.client.createProject, label: 'newProject', icon: <AddCircleOutlineIcon /> },
  { to: paths.client.projects, label: 'myProjects', icon: <FolderOutlinedIcon /> },
  { to: paths.client.signContract, label: 'contracts', icon: <DrawOutlinedIcon /> },
  { to: paths.client.invoices, label: 'invoices', icon: <ReceiptLongOutlinedIcon /> },
  { to: paths.client.toolRequests, label: 'toolRequests', icon: <BuildOutlinedIcon /> },
  { to: paths.client.notifications, label: 'notifications', icon: <NotificationsNoneIcon />, BadgeCount: useUnreadNotificationCount },
  { to: paths.client.messages, label: 'messages', icon: <ForumOutlinedIcon />, BadgeCount: useUnreadMessageCount },
  { to: paths.client.billing, label: 'billing', icon: <CreditCardOutlinedIcon /> },
  { to: paths.client.company, label: 'company', icon: <BusinessOutlinedIcon /> },
  PROFILE_ITEM,
];

/** Members see no amounts; billing people ask for no projects. */
const NAV_BY_ROLE: Record<CompanyRole, readonly DashboardNavItem[]> = {
  owner: CLIENT_NAV,
  billing: CLIENT_NAV.filter((item) => item.to !== paths.client.createProject),
  member: CLIENT_NAV.filter((item) => item.to !== paths.client.invoices && item.to !== paths.client.billing),
};

export function ClientTemplate() {
  const { user } = useAuth();
  const { t } = useLayoutsT();
  return <DashboardTemplate areaLabel={t('areas.client')} navItems={NAV_BY_ROLE[companyRoleOf(user) ?? 'owner']} />;
}
