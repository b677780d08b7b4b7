import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The UI kit's folders that every signed-in screen loads cold (see `codeSplitting` below). */
const SHELL_PARTS = [
  'AppBar',
  'Toolbar',
  'Avatar',
  'Badge',
  'Box',
  'Stack',
  'Paper',
  'Card',
  'Typography',
  'Link',
  'Divider',
  'ButtonBase',
  'Button',
  'IconButton',
  'CircularProgress',
  'SvgIcon',
  'Chip',
  'Alert',
  'List',
  'ListContext',
  'ListItem',
  'ListItemButton',
  'ListItemIcon',
  'ListItemText',
  'ListSubheader',
  'zero-styled',
  'useEnhancedEffect',
  'usePreviousProps',
  'utils',
];

/** The modules of the `public` chunk (see `codeSplitting` below), by their path in the repository. */
const PUBLIC_PARTS =
  /[\\/]apps[\\/]web[\\/]src[\\/](app[\\/]layouts[\\/]site-chrome|components[\\/](site-header|site-footer|icons|skip-link)|features[\\/]config[\\/](hooks[\\/]use-public-config|api[\\/]get-config|components[\\/]public-title)|lib[\\/](http|session|initials|return-path|notify|format|project-links))\.tsx?$|[\\/]packages[\\/]schema[\\/]src[\\/]roles\.ts$/;

/** The modules of the `auth-forms` chunk: what the sign-in, sign-up and password forms share. */
const AUTH_FORM_PARTS =
  /[\\/]apps[\\/]web[\\/]src[\\/](features[\\/]auth[\\/](components[\\/](auth-card|new-password-pair)|utils[\\/]auth-error-message)|lib[\\/](use-plain-form|use-action))\.tsx?$/;

/** The modules of the `payment-result` chunk: what the two pages a card payment returns to share. */
const PAYMENT_RESULT_PARTS =
  /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]invoices[\\/](components[\\/]payment-success|api[\\/]fetch-invoice|utils[\\/]last-checkout)\.tsx?$|[\\/]packages[\\/]schema[\\/]src[\\/]invoice-numbers\.ts$/;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/route-pages.mjs (which then removes it) to preload each route's chunks.
    manifest: true,
    rolldownOptions: {
      output: {
        // A few named chunks instead of a crowd of small ones, each holding only what its pages load anyway (a
        // higher priority takes a module first; a group also takes what its modules import and no group took):
        // - `react`: React, react-dom and the router, which every page runs
        //   (the entry keeps the app's route table, so a public page still loads no UI kit);
        // - `public`: the public pages' header and footer with the small modules every page runs (the HTTP client,
        //   the session, the public config, the role names and the paths): a dozen files of
        //   0.1-3 KB that every first load fetched one by one, in one;
        // - `auth-forms`: the card, form state and error texts of the sign-in, sign-up and password forms;
        // - `payment-result`: what the two pages a card payment returns to share (the invoice, the last checkout);
        // - `mui-shell`: the kit's parts and the query library that every signed-in screen draws (its bar, its
        //   navigation, buttons, cards, chips, alerts), with what they import (styles, emotion). One file
        //   compresses better than the 30-odd it replaces and saves their per-file overhead: 7-11 KB gzip per
        //   signed-in screen. A part only some screens draw (inputs, tables, dialogs) keeps its own chunk;
        // - `mui-icons`: the icons of the signed-in screens (0.1-0.4 KB each, 50-odd files), below `mui-shell` so
        //   that the icon helper it imports stays there.
        codeSplitting: {
          groups: [
            { name: 'react', priority: 4, test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'public', priority: 4, test: PUBLIC_PARTS },
            { name: 'auth-forms', priority: 4, test: AUTH_FORM_PARTS },
            { name: 'payment-result', priority: 4, test: PAYMENT_RESULT_PARTS },
            {
              name: 'mui-shell',
              priority: 3,
              test: new RegExp(
                `[\\\\/]@mui[\\\\/]material[\\\\/](${SHELL_PARTS.join('|')})[\\\\/]|[\\\\/]@tanstack[\\\\/](query-core|react-query)[\\\\/]`,
              ),
            },
            { name: 'mui-icons', priority: 2, test: /[\\/]@mui[\\/]icons-material[\\/]/ },
          ],
        },
      },
      treeshake: {
        // Loading a module of the shared package has no side effects. Saying so lets the bundler leave out the
        // schemas a chunk does not use, so that reading a constant from @agency/schema on the landing page does not
        // pull all of zod into the first load.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]schema[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
