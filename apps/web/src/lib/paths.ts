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
  /** Links in e-mails (`goPath` of @agency/schema): resolved to the reader's own screen for the target. */
  go: '/go/:type/:id',
  client: {
    dashboard: '/clientdashboardpage',
    dashboardAlt: '/dashboard',
    createProject: '/create-project',
    /** The client's projects; `?id=<id>` opens one. */
    projects: '/view-project',
    toolRequests: '/tools-req',
    notifications: '/notifications',
    messages: '/messages',
  },
  admin: {
    dashboard: '/admindashboardpage',
  },
  superadmin: {
    dashboard: '/superadmin-dashboard',
    createAdmin: '/create-admin',
    adminList: '/admin-list',
    /** The pending queue; `?id=<id>` selects one. */
    projectApproval: '/project-approval',
    replyMessage: '/superadmin-reply-message',
  },
  /** Screens shared by admins and the super admin, each inside the signed-in role's template. */
  staff: {
    /** Every project; `?id=<id>` opens one. */
    projects: '/all-projects',
    employees: '/employees',
    toolRequests: '/tool-requests',
    /** Training modules and materials: writing, ordering, assigning, and everyone's progress. */
    training: '/training-materials',
  },
  employee: {
    /** Sends each employee to their own dashboard. */
    dashboard: '/employee-dashboardpage',
    teamleadDashboard: '/employee/teamlead-dashboardpage',
    teammemberDashboard: '/employee/team-memberdashboardpage',
    /** My assigned training; `?module=<id>` opens one. Team leads also see their team's progress here. */
    training: '/employee/training',
  },
  /** A project's kanban board, for its team and staff; `?project=<id>&card=<id>` opens one card. */
  kanbanBoard: '/kanban-board',
} as const;
