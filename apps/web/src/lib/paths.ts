import { ROLE_DASHBOARD } from '@agency/schema';

/** Every route path of the web app, in one place. */
export const paths = {
  landing: '/',
  home: '/home',
  signup: '/signup',
  clientSignup: '/client-signup',
  clientSignupAlt: '/client-signuppage',
  adminSignup: '/protected/admin-signup',
  superadminSignup: '/protected/superadmin-signup',
  login: '/loginpage',
  client: {
    dashboard: ROLE_DASHBOARD.client,
  },
  admin: {
    dashboard: ROLE_DASHBOARD.admin,
  },
  superadmin: {
    dashboard: ROLE_DASHBOARD.superadmin,
    createAdmin: '/create-admin',
    adminList: '/admin-list',
  },
  employee: {
    teamleadDashboard: ROLE_DASHBOARD.teamlead,
    teammemberDashboard: ROLE_DASHBOARD.teammember,
  },
} as const;
