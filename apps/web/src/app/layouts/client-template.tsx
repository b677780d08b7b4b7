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
import { PROFILE_ITEM } from './profile-nav-item';

// The client's navigation: only the screens that exist, ending with the profile. What a client may do follows
// their role in their company.

const CLIENT_NAV: readonly DashboardNavItem[] = [
  { to: paths.client.dashboard, label: 'Dashboard', icon: <DashboardOutlinedIcon /> },
  { to: paths.client.createProject, label: 'New project', icon: <AddCircleOutlineIcon /> },
  { to: paths.client.projects, label: 'My projects', icon: <FolderOutlinedIcon /> },
  { to: paths.client.signContract, label: 'Contracts', icon: <DrawOutlinedIcon /> },
  { to: paths.client.invoices, label: 'Invoices', icon: <ReceiptLongOutlinedIcon /> },
  { to: paths.client.toolRequests, label: 'Tool requests', icon: <BuildOutlinedIcon /> },
  { to: paths.client.notifications, label: 'Notifications', icon: <NotificationsNoneIcon />, BadgeCount: useUnreadNotificationCount },
  { to: paths.client.messages, label: 'Messages', icon: <ForumOutlinedIcon />, BadgeCount: useUnreadMessageCount },
  { to: paths.client.billing, label: 'Billing', icon: <CreditCardOutlinedIcon /> },
  { to: paths.client.company, label: 'Company', icon: <BusinessOutlinedIcon /> },
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
  return <DashboardTemplate areaLabel="Client area" navItems={NAV_BY_ROLE[companyRoleOf(user) ?? 'owner']} />;
}
