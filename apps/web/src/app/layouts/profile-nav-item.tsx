import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import { paths } from '../../lib/paths';
import type { DashboardNavItem } from './dashboard-template';

/** Every role's navigation ends with the person's own profile. */
export const PROFILE_ITEM: DashboardNavItem = { to: paths.profile, label: 'profile', icon: <ManageAccountsOutlinedIcon /> };
