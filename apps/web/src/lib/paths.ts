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
  /** Where the payment provider sends the client back (SPEC section 2): public. */
  paymentSuccess: '/paymentsuccess/:invoiceNo',
  paymentCancel: '/paymentcancel',
  forgotPassword: '/forgot-password',
  /** The link of a password reset e-mail: `?token=`. */
  resetPassword: '/reset-password',
  /** The link sent to a new e-mail address: `?token=`. */
  confirmEmail: '/confirm-email',
  /** The link of a client's sign-up e-mail: `?token=`; it makes the account. */
  confirmSignup: '/confirm-signup',
  /** The link of a company invitation e-mail: `?token=`; the colleague makes their account there. */
  companyInvitation: '/company-invitation',
  /** Every role's own account: name, e-mail, password, sessions, notification preferences, two-factor sign-in. */
  profile: '/profile',
  /** Links in e-mails (`goPath` of @agency/schema): resolved to the reader's own screen for the target. */
  go: '/go/:type/:id',
  /** The one-tap link of a proposal, contract or invoice e-mail: opens that document without a password. */
  documentLink: '/d/:token',
  client: {
    dashboard: '/clientdashboardpage',
    dashboardAlt: '/dashboard',
    createProject: '/create-project',
    /** The client's projects; `?id=<id>` opens one. */
    projects: '/view-project',
    /** The client's invoices; `?id=<id>` opens one. */
    invoices: '/view-invoice',
    toolRequests: '/tools-req',
    notifications: '/notifications',
    messages: '/messages',
    /** The client's contracts; `?id=<id>` opens one to read and sign. */
    signContract: '/sign-contract',
    /** The contract PDF, full page, outside the template; `?id=<id>`. Open to everyone who may read the PDF. */
    contractPage: '/client/client-contract-page',
    /** A proposal to answer, `?id=<id>`: then its contract to sign and its deposit to pay, one step after another. */
    proposal: '/proposal',
    /** The client's company: its details, its people and their roles, invitations. */
    company: '/company',
    /** Saved cards for autopay, and the company's statement. */
    billing: '/billing',
  },
  admin: {
    dashboard: '/admindashboardpage',
    /** Every contract, for admins (the super admin's list has its own SPEC path); `?id=<id>` opens one. */
    contracts: '/admindashboard/contracts',
    /** Every invoice; `?id=<id>` opens one. */
    invoices: '/admindashboard/invoice',
  },
  superadmin: {
    dashboard: '/superadmin-dashboard',
    createAdmin: '/create-admin',
    adminList: '/admin-list',
    /** The pending queue; `?id=<id>` selects one. */
    projectApproval: '/project-approval',
    replyMessage: '/superadmin-reply-message',
    /** Every contract; `?id=<id>` opens one. */
    contracts: '/view-superadmin-contracts',
    /** Every invoice with totals, revenue by month and CSV export; `?id=<id>` opens one. */
    invoices: '/view-superadmin-invoice',
    auditLog: '/superadmin-audit-log',
    /** The agency's brand: name, logo, colour, contact lines, mail sender, footer links. */
    brand: '/settings/brand',
  },
  /** Screens shared by admins and the super admin, each inside the signed-in role's template. */
  staff: {
    /** Every project; `?id=<id>` opens one. */
    projects: '/all-projects',
    employees: '/employees',
    toolRequests: '/tool-requests',
    /** Training modules and materials: writing, ordering, assigning, and everyone's progress. */
    training: '/training-materials',
    /** Contract templates with the live-preview editor. */
    contractTemplates: '/contract-templates',
    /** Every proposal with its status, value and conversion; `?id=<id>` opens one. */
    proposals: '/proposals',
    /** Every client company with its people, projects and open invoices; `?id=<id>` opens one. */
    clients: '/clients',
    /** Outgoing webhooks: endpoints, their deliveries, replays. */
    webhooks: '/webhooks',
  },
  employee: {
    /** Sends each employee to their own dashboard. */
    dashboard: '/employee-dashboardpage',
    teamleadDashboard: '/employee/teamlead-dashboardpage',
    teammemberDashboard: '/employee/team-memberdashboardpage',
    /** My assigned training; `?module=<id>` opens one. Team leads also see their team's progress here. */
    training: '/employee/training',
    /** Team contracts to read and sign (a team lead also follows the team's); `?id=<id>` opens one. */
    teamContract: '/employee/team-contract',
  },
  /** Time, expenses and profitability (issue 32). */
  time: {
    /** The signed-in employee's week grid; `?week=2026-W48` opens another week. */
    timesheet: '/employee/timesheet',
    /** Weeks waiting for a decision: members' weeks for their leads, leads' weeks (and every other) for staff. */
    approvals: '/time-approvals',
    /** Expenses with their receipts: one's own, and for staff every one to approve. */
    expenses: '/expenses',
    /** The agency's profitability by project, client and month, with a CSV export (staff). */
    report: '/reports/profitability',
  },
  /** A project's kanban board, for its team and staff; `?project=<id>&card=<id>` opens one card. */
  kanbanBoard: '/kanban-board',
} as const;

/** The two-factor section of the profile page, where staff who must enrol are sent. */
export const ENROLMENT_PATH = `${paths.profile}#two-factor`;

/** The success page the provider returns to for one invoice number. */
export function paymentSuccessPath(invoiceNo: string): string {
  return `/paymentsuccess/${encodeURIComponent(invoiceNo)}`;
}

/**
 * Paths behind the sign-in (SPEC sections 2 and 6) and the prefixes they live under, whether or not a screen is
 * built there yet: a signed-out visitor to any of them goes to the login page, never to "not found".
 */
const GUARDED_PATHS = [
  '/clientdashboardpage',
  '/dashboard',
  '/create-project',
  '/view-project',
  '/view-invoice',
  '/sign-contract',
  '/proposal',
  '/proposals',
  '/tools-req',
  '/notifications',
  '/messages',
  '/client',
  '/admindashboardpage',
  '/admindashboard',
  '/superadmin-dashboard',
  '/create-admin',
  '/admin-list',
  '/view-superadmin-invoice',
  '/view-superadmin-contracts',
  '/project-approval',
  '/superadmin-reply-message',
  '/superadmin-audit-log',
  '/all-projects',
  '/employees',
  '/tool-requests',
  '/employee-dashboardpage',
  '/employee',
  '/kanban-board',
  '/training-materials',
  '/profile',
  '/contract-templates',
  '/company',
  '/billing',
  '/clients',
  '/webhooks',
  '/settings',
  '/time-approvals',
  '/expenses',
  '/reports',
] as const;

/** Whether a path is (or will be) a guarded screen: one of GUARDED_PATHS or anything under one. */
export function isGuardedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return GUARDED_PATHS.some((guarded) => path === guarded || path.startsWith(`${guarded}/`));
}
