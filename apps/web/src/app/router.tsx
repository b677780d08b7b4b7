import { EMPLOYEE_ROLES } from '@agency/schema';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '../components/loading';
import { paths } from '../lib/paths';
import { Guard } from './guard';
import { RootErrorBoundary } from './root-error-boundary';
import { RootLayout } from './root-layout';

// The one route table. Every screen and layout is a lazy route; the root stays small because "/" loads it.

const publicRoutes: RouteObject[] = [
  { path: paths.home, lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }) },
  { path: paths.signup, lazy: async () => ({ Component: (await import('./routes/signup')).SignupRoute }) },
  ...[paths.clientSignup, paths.clientSignupAlt].map(
    (path): RouteObject => ({
      path,
      lazy: async () => ({ Component: (await import('./routes/client-signup')).ClientSignupRoute }),
    }),
  ),
  { path: paths.adminSignup, lazy: async () => ({ Component: (await import('./routes/admin-signup')).AdminSignupRoute }) },
  {
    path: paths.superadminSignup,
    lazy: async () => ({ Component: (await import('./routes/superadmin-signup')).SuperadminSignupRoute }),
  },
  { path: paths.login, lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
  {
    path: '*',
    lazy: async () => {
      const module = await import('./routes/not-found');
      return { loader: module.notFoundLoader, ErrorBoundary: module.NotFoundBoundary };
    },
  },
];

const guardedRoutes: RouteObject[] = [
  {
    element: <Guard roles={['client']} />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/role-templates')).ClientTemplate }),
        children: [
          {
            path: paths.client.dashboard,
            lazy: async () => ({ Component: (await import('./routes/client-dashboard')).ClientDashboardRoute }),
          },
        ],
      },
    ],
  },
  {
    element: <Guard roles={['admin']} />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/role-templates')).AdminTemplate }),
        children: [
          {
            path: paths.admin.dashboard,
            lazy: async () => ({ Component: (await import('./routes/admin-dashboard')).AdminDashboardRoute }),
          },
        ],
      },
    ],
  },
  {
    element: <Guard roles={['superadmin']} />,
    children: [
      {
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
        lazy: async () => ({ Component: (await import('./layouts/role-templates')).SuperadminTemplate }),
        children: [
          {
            path: paths.superadmin.createAdmin,
            lazy: async () => ({ Component: (await import('./routes/create-admin')).CreateAdminRoute }),
          },
          {
            path: paths.superadmin.adminList,
            lazy: async () => ({ Component: (await import('./routes/admin-list')).AdminListRoute }),
          },
        ],
      },
    ],
  },
  {
    element: <Guard roles={EMPLOYEE_ROLES} />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/role-templates')).EmployeeTemplate }),
        children: [
          {
            path: paths.employee.teamleadDashboard,
            element: <Guard roles={['teamlead']} />,
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./routes/employee-dashboard')).TeamleadDashboardRoute }),
              },
            ],
          },
          {
            path: paths.employee.teammemberDashboard,
            element: <Guard roles={['teammember']} />,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./routes/employee-dashboard')).TeammemberDashboardRoute,
                }),
              },
            ],
          },
        ],
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
        // The UI kit, theme and toasts: everything except the landing page.
        lazy: async () => ({ Component: (await import('./ui-shell')).UiShell }),
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/public-layout')).PublicLayout }),
            children: publicRoutes,
          },
          ...guardedRoutes,
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
