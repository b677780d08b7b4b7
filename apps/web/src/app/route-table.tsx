import type { Role } from '@agency/schema';
import type { RouteObject } from 'react-router';
import { Loading } from '../components/plain/loading';
import { paths } from '../lib/paths';
import { RootErrorBoundary } from './root-error-boundary';
import { RootLayout } from './root-layout';

// The one route table. Every screen, layout and guard is a lazy route: this module is on the landing page's
// first load, so it imports nothing from the schema package at run time (the guard needs role data from it).

function guarded(roles: readonly Role[], children: RouteObject[]): RouteObject {
  return {
    lazy: async () => {
      const { Guard } = await import('./guard');
      return { element: <Guard roles={roles} /> };
    },
    children,
  };
}

// The public pages named in DESIGN's page budget: plain markup, no UI kit and no query library.
const lightPublicRoutes: RouteObject[] = [
  { path: paths.home, lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }) },
  { path: paths.signup, lazy: async () => ({ Component: (await import('./routes/signup')).SignupRoute }) },
  ...[paths.clientSignup, paths.clientSignupAlt].map((path): RouteObject => ({
    path,
    lazy: async () => ({ Component: (await import('./routes/client-signup')).ClientSignupRoute }),
  })),
  {
    path: paths.adminSignup,
    lazy: async () => ({ Component: (await import('./routes/admin-signup')).AdminSignupRoute }),
  },
  {
    path: paths.superadminSignup,
    lazy: async () => ({ Component: (await import('./routes/superadmin-signup')).SuperadminSignupRoute }),
  },
  { path: paths.login, lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
  {
    path: paths.companyInvitation,
    lazy: async () => ({ Component: (await import('./routes/company-invitation')).CompanyInvitationRoute }),
  },
  { path: paths.confirmSignup, lazy: async () => ({ Component: (await import('./routes/confirm-signup')).ConfirmSignupRoute }) },
  { path: paths.paymentSuccess, lazy: async () => ({ Component: (await import('./routes/payment-success')).PaymentSuccessRoute }) },
  { path: paths.paymentCancel, lazy: async () => ({ Component: (await import('./routes/payment-cancel')).PaymentCancelRoute }) },
  { path: paths.documentLink, lazy: async () => ({ Component: (await import('./routes/document-link')).DocumentLinkRoute }) },
];

// The other public pages, inside the UI kit's shell.
const publicRoutes: RouteObject[] = [
  { path: paths.forgotPassword, lazy: async () => ({ Component: (await import('./routes/forgot-password')).ForgotPasswordRoute }) },
  { path: paths.resetPassword, lazy: async () => ({ Component: (await import('./routes/reset-password')).ResetPasswordRoute }) },
  { path: paths.confirmEmail, lazy: async () => ({ Component: (await import('./routes/confirm-email')).ConfirmEmailRoute }) },
  {
    path: '*',
    lazy: async () => {
      const module = await import('./routes/not-found');
      return { loader: module.notFoundLoader, Component: module.NotFoundRoute, ErrorBoundary: module.NotFoundBoundary };
    },
  },
];

const clientRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./layouts/client-template')).ClientTemplate }),
    children: [
      ...[paths.client.dashboard, paths.client.dashboardAlt].map((path): RouteObject => ({
        path,
        lazy: async () => ({ Component: (await import('./routes/client-dashboard')).ClientDashboardRoute }),
      })),
      {
        path: paths.client.createProject,
        lazy: async () => ({ Component: (await import('./routes/create-project')).CreateProjectRoute }),
      },
      {
        path: paths.client.projects,
        lazy: async () => ({ Component: (await import('./routes/view-project')).ViewProjectRoute }),
      },
      {
        path: paths.client.invoices,
        lazy: async () => ({ Component: (await import('./routes/view-invoice')).ViewInvoiceRoute }),
      },
      {
        path: paths.client.toolRequests,
        lazy: async () => ({ Component: (await import('./routes/tools-req')).ToolsRequestRoute }),
      },
      {
        path: paths.client.notifications,
        lazy: async () => ({ Component: (await import('./routes/notifications')).NotificationsRoute }),
      },
      {
        path: paths.client.messages,
        lazy: async () => ({ Component: (await import('./routes/client-messages')).ClientMessagesRoute }),
      },
      {
        path: paths.client.signContract,
        lazy: async () => ({ Component: (await import('./routes/sign-contract')).SignContractRoute }),
      },
      {
        path: paths.client.proposal,
        lazy: async () => ({ Component: (await import('./routes/proposal')).ProposalRoute }),
      },
      {
        path: paths.client.company,
        lazy: async () => ({ Component: (await import('./routes/company')).CompanyRoute }),
      },
      {
        path: paths.client.billing,
        lazy: async () => ({ Component: (await import('./routes/billing')).BillingRoute }),
      },
    ],
  },
];

// SPEC section 2: the contract PDF page is guarded but outside the template. Everyone who may read a contract's
// PDF opens it here (the API decides whose PDF it is).
const contractPageRoutes: RouteObject[] = [
  {
    path: paths.client.contractPage,
    lazy: async () => ({ Component: (await import('./routes/contract-page')).ContractPageRoute }),
  },
];

const adminRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./layouts/staff-templates')).AdminTemplate }),
    children: [
      {
        path: paths.admin.dashboard,
        lazy: async () => ({ Component: (await import('./routes/admin-dashboard')).AdminDashboardRoute }),
      },
      {
        path: paths.admin.invoices,
        lazy: async () => ({ Component: (await import('./routes/staff-invoices')).AdminInvoicesRoute }),
      },
      {
        path: paths.admin.contracts,
        lazy: async () => ({ Component: (await import('./routes/staff-contracts')).StaffContractsRoute }),
      },
    ],
  },
];

const superadminRoutes: RouteObject[] = [
  {
    // SPEC section 2: the super-admin dashboard sits outside the super-admin template.
    lazy: async () => ({
      Component: (await import('./layouts/superadmin-standalone-layout')).SuperadminStandaloneLayout,
    }),
    children: [
      {
        path: paths.superadmin.dashboard,
        lazy: async () => ({ Component: (await import('./routes/superadmin-dashboard')).SuperadminDashboardRoute }),
      },
    ],
  },
  {
    lazy: async () => ({ Component: (await import('./layouts/staff-templates')).SuperadminTemplate }),
    children: [
      {
        path: paths.superadmin.createAdmin,
        lazy: async () => ({ Component: (await import('./routes/create-admin')).CreateAdminRoute }),
      },
      {
        path: paths.superadmin.adminList,
        lazy: async () => ({ Component: (await import('./routes/admin-list')).AdminListRoute }),
      },
      {
        path: paths.superadmin.projectApproval,
        lazy: async () => ({ Component: (await import('./routes/project-approval')).ProjectApprovalRoute }),
      },
      {
        path: paths.superadmin.replyMessage,
        lazy: async () => ({ Component: (await import('./routes/superadmin-reply-message')).SuperadminReplyMessageRoute }),
      },
      {
        path: paths.superadmin.invoices,
        lazy: async () => ({ Component: (await import('./routes/staff-invoices')).SuperadminInvoicesRoute }),
      },
      {
        path: paths.superadmin.contracts,
        lazy: async () => ({ Component: (await import('./routes/staff-contracts')).StaffContractsRoute }),
      },
      {
        path: paths.superadmin.auditLog,
        lazy: async () => ({ Component: (await import('./routes/superadmin-audit-log')).SuperadminAuditLogRoute }),
      },
      {
        path: paths.superadmin.brand,
        lazy: async () => ({ Component: (await import('./routes/brand-settings')).BrandSettingsRoute }),
      },
    ],
  },
];

// Every role's own account, inside that role's template.
const accountRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./layouts/role-templates')).OwnTemplate }),
    children: [{ path: paths.profile, lazy: async () => ({ Component: (await import('./routes/profile')).ProfileRoute }) }],
  },
];

// Screens that admins and the super admin share, each shown inside the signed-in role's own template.
const staffRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./layouts/staff-templates')).StaffTemplate }),
    children: [
      {
        path: paths.staff.projects,
        lazy: async () => ({ Component: (await import('./routes/all-projects')).AllProjectsRoute }),
      },
      {
        path: paths.staff.proposals,
        lazy: async () => ({ Component: (await import('./routes/staff-proposals')).StaffProposalsRoute }),
      },
      {
        path: paths.staff.clients,
        lazy: async () => ({ Component: (await import('./routes/clients')).ClientsRoute }),
      },
      {
        path: paths.staff.webhooks,
        lazy: async () => ({ Component: (await import('./routes/webhooks')).WebhooksRoute }),
      },
      {
        path: paths.staff.employees,
        lazy: async () => ({ Component: (await import('./routes/employees')).EmployeesRoute }),
      },
      {
        path: paths.staff.toolRequests,
        lazy: async () => ({ Component: (await import('./routes/tool-requests')).ToolRequestsQueueRoute }),
      },
      {
        path: paths.staff.contractTemplates,
        lazy: async () => ({ Component: (await import('./routes/contract-templates')).ContractTemplatesRoute }),
      },
      {
        path: paths.staff.training,
        lazy: async () => ({ Component: (await import('./routes/training-materials')).TrainingMaterialsRoute }),
      },
      {
        path: paths.time.report,
        lazy: async () => ({ Component: (await import('./routes/profitability-report')).ProfitabilityReportRoute }),
      },
    ],
  },
];

// Deciding on weeks of time: a team lead (their members' weeks, inside the employees' template) and staff.
const approvalRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./layouts/role-templates')).OwnTemplate }),
    children: [
      {
        path: paths.time.approvals,
        lazy: async () => ({ Component: (await import('./routes/time-approvals')).TimeApprovalsRoute }),
      },
    ],
  },
];

// Expenses: employees record theirs, staff record and approve them; each inside their own template.
const expenseRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./layouts/role-templates')).OwnTemplate }),
    children: [
      {
        path: paths.time.expenses,
        lazy: async () => ({ Component: (await import('./routes/expenses')).ExpensesRoute }),
      },
    ],
  },
];

// The board is the project team's and staff's: each sees it inside their own role's template.
const boardRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./layouts/role-templates')).BoardTemplate }),
    children: [
      {
        path: paths.kanbanBoard,
        lazy: async () => ({ Component: (await import('./routes/kanban-board')).KanbanBoardRoute }),
      },
    ],
  },
];

const employeeRoutes: RouteObject[] = [
  {
    path: paths.employee.dashboard,
    lazy: async () => ({ Component: (await import('./routes/employee-dashboard')).EmployeeDashboardRedirect }),
  },
  {
    lazy: async () => ({ Component: (await import('./layouts/employee-template')).EmployeeTemplate }),
    children: [
      {
        path: paths.employee.training,
        lazy: async () => ({ Component: (await import('./routes/employee-training')).EmployeeTrainingRoute }),
      },
      {
        path: paths.employee.teamleadDashboard,
        ...guarded(
          ['teamlead'],
          [
            {
              index: true,
              lazy: async () => ({ Component: (await import('./routes/employee-dashboard')).TeamleadDashboardRoute }),
            },
          ],
        ),
      },
      {
        path: paths.employee.teammemberDashboard,
        ...guarded(
          ['teammember'],
          [
            {
              index: true,
              lazy: async () => ({
                Component: (await import('./routes/employee-dashboard')).TeammemberDashboardRoute,
              }),
            },
          ],
        ),
      },
      {
        path: paths.employee.teamContract,
        lazy: async () => ({ Component: (await import('./routes/team-contract')).TeamContractRoute }),
      },
      {
        path: paths.time.timesheet,
        lazy: async () => ({ Component: (await import('./routes/timesheet')).TimesheetRoute }),
      },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: paths.landing,
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: Loading,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }) },
      {
        // The public header and footer (plain markup) around the public pages.
        lazy: async () => ({ Component: (await import('./layouts/public-layout')).PublicLayout }),
        children: [
          ...lightPublicRoutes,
          // The UI kit, theme and toasts for the other public pages.
          { lazy: async () => ({ Component: (await import('./ui-shell')).UiShell }), children: publicRoutes },
        ],
      },
      {
        // The UI kit, theme and toasts: every signed-in screen.
        lazy: async () => ({ Component: (await import('./ui-shell')).UiShell }),
        children: [
          { path: paths.go, lazy: async () => ({ Component: (await import('./routes/go')).GoRoute }) },
          guarded(['client'], clientRoutes),
          guarded(['admin'], adminRoutes),
          guarded(['superadmin'], superadminRoutes),
          guarded(['admin', 'superadmin'], staffRoutes),
          guarded(['teamlead', 'teammember'], employeeRoutes),
          guarded(['teamlead', 'teammember', 'admin', 'superadmin'], boardRoutes),
          guarded(['teamlead', 'admin', 'superadmin'], approvalRoutes),
          guarded(['teamlead', 'teammember', 'admin', 'superadmin'], expenseRoutes),
          guarded(['client', 'admin', 'superadmin', 'teamlead', 'teammember'], contractPageRoutes),
          guarded(['client', 'admin', 'superadmin', 'teamlead', 'teammember'], accountRoutes),
        ],
      },
    ],
  },
];
