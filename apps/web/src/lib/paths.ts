/**
 * Every route path of the web app, in one place. The dashboards equal ROLE_DASHBOARD of @agency/schema
 * (paths.test.ts checks it); they are spelled out here because this module is on the landing page's first load,
 * which must not carry the schema library.
 */
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
    dashboard: '/clientdashboardpage',
  },
  admin: {
    dashboard: '/admindashboardpage',
  },
  superadmin: {
    dashboard: '/superadmin-dashboard',
    createAdmin: '/create-admin',
    adminList: '/admin-list',
  },
  employee: {
    teamleadDashboard: '/employee/teamlead-dashboardpage',
    teammemberDashboard: '/employee/team-memberdashboardpage',
  },
} as const;
