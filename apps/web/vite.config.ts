import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The modules of the web app whose path below `apps/web/src/` starts with one of `prefixes` (`lib/`, `app/layouts/site-`). */
function webSource(...prefixes: string[]): RegExp {
  const sep = String.raw`[\\/]`;
  return new RegExp(`${sep}apps${sep}web${sep}src${sep}(${prefixes.map((prefix) => prefix.replaceAll('/', sep)).join('|')})`);
}

/** The packages of the UI kit (MUI with its styles and emotion, the transitions) and the query library. */
const KIT = /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|@tanstack|react-transition-group)[\\/]/;

/**
 * How many of the build's entry chunks (the entry, and every lazy route, layout and panel) must import a module of
 * the kit for it to belong to the signed-in shell. Fewer take parts only some screens draw (inputs, dialogs) into
 * every screen. Measured cold with page-weight.spec.ts once proposals, time and webhooks had added their screens: at
 * 34 the board loaded 257.7 KB gzip and the client dashboard 264.4; at 42, 251.4 and 245.9; at 50, 250.7 and 245.1;
 * at 60, 248.9 and 243.8. Once recurring invoices, payment plans, saved cards, search and the brand had added their
 * lazy panels and screens: at 56 the board loaded 253.4 and the client dashboard 247.2; at 64, 253.0 and 246.8; at
 * 70, 251.8 and 245.7 (every signed-in page measured lightest at 70).
 */
const SHELL_SHARE_COUNT = 70;

/**
 * The kit's folders (`@mui/material/AppBar/`, ...) that the signed-in layouts of `app/layouts/` import: the frame every
 * signed-in screen is drawn in. Read from the module graph once it is complete, so the list is never written down.
 */
function signedInFrame(): { plugin: Plugin; test: (id: string) => boolean } {
  const folders = new Set<string>();
  // The public pages' layouts load no kit; the phone menu is a lazy panel of its own.
  const layouts = /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]layouts[\\/](?!site-|public-layout|phone-nav-drawer)/;
  return {
    plugin: {
      name: 'signed-in-frame',
      apply: 'build',
      buildEnd() {
        for (const id of this.getModuleIds()) {
          if (!layouts.test(id)) continue;
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
            if (KIT.test(imported)) folders.add(imported.slice(0, imported.lastIndexOf('/') + 1));
          }
        }
      },
    },
    test: (id) => [...folders].some((folder) => id.startsWith(folder)),
  };
}
const SIGNED_IN_FRAME = signedInFrame();

export default defineConfig({
  plugins: [react(), SIGNED_IN_FRAME.plugin],
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
        // A few named chunks instead of a crowd of small ones, each named by the folders or packages it holds (a
        // higher priority takes a module first; a group also takes what its modules import and no group took):
        // - `react`: React, react-dom and the router, which every page runs (the entry keeps the app's route table,
        //   so a public page still loads no UI kit);
        // - `public`: what every page runs and that loads no kit: `lib/` (the HTTP client, the session, the paths,
        //   the formatters, the light forms' state and checks), the plain-markup components of `components/plain/`
        //   (header, footer, icons, fields, the sign-in card), the public pages' chrome and title
        //   (`app/layouts/site-*`) and the sign-in forms' error texts (`features/auth/utils/`): one file of about
        //   12 KB gzip where a first load fetched dozens of 0.1-3 KB;
        // - `payment-result`: what the two pages a card payment returns to draw (`features/invoices/components/payment-*`)
        //   with what it imports (the invoice's status, polled), and the invoice last sent to checkout
        //   (`features/invoices/utils/`);
        // - `sign-in-texts`: the sign-in and sign-up pages' British English texts (`locales/en-GB/auth.json`) with the
        //   notice those pages show someone already signed in: one file where each was a chunk of its own;
        // - `mui-shell`: the kit's and the query library's modules that most of the app's pages import
        //   (SHELL_SHARE_COUNT): styles, emotion, boxes, buttons, text, progress, alerts. A part only some screens
        //   draw (inputs, tables, dialogs) keeps its own chunk;
        // - `mui-frame`: the rest of the kit's folders the signed-in layouts import (the app bar, the navigation
        //   list, the avatar), which every signed-in screen draws but few pages import (signedInFrame);
        // - `mui-icons`: the icons of the signed-in screens (0.1-0.4 KB each, 50-odd files).
        codeSplitting: {
          groups: [
            { name: 'react', priority: 4, test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'public',
              priority: 4,
              test: webSource(
                'lib/(?!query-keys|documents|project-links|company-role)',
                'components/plain/',
                'app/layouts/site-',
                'features/auth/utils/',
              ),
            },
            { name: 'payment-result', priority: 4, test: webSource('features/invoices/components/payment-', 'features/invoices/utils/') },
            {
              name: 'sign-in-texts',
              priority: 4,
              test: webSource('features/auth/i18n', 'locales/en-GB/auth', 'features/auth/components/signed-in-notice'),
            },
            { name: 'mui-shell', priority: 3, test: KIT, minShareCount: SHELL_SHARE_COUNT },
            { name: 'mui-frame', priority: 2, test: SIGNED_IN_FRAME.test },
            { name: 'mui-icons', priority: 1, test: /[\\/]@mui[\\/]icons-material[\\/]/ },
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
