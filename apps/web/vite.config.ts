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
        // Two chunks instead of a crowd of small ones, each holding only what its pages load anyway:
        // - `react`: React, its DOM renderer and the router, which every page runs (the entry keeps the app's
        //   route table, so a public page still loads no UI kit);
        // - `mui-shell`: the kit's parts and the query library that every signed-in screen draws (its bar, its
        //   navigation, buttons, cards, chips, alerts), with what they import (styles, emotion). One file
        //   compresses better than the 30-odd it replaces and saves their per-file overhead: 7-11 KB gzip per
        //   signed-in screen. A part only some screens draw (inputs, tables, dialogs) keeps its own chunk.
        codeSplitting: {
          groups: [
            { name: 'react', priority: 2, test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'mui-shell',
              priority: 1,
              test: new RegExp(
                `[\\\\/]@mui[\\\\/]material[\\\\/](${SHELL_PARTS.join('|')})[\\\\/]|[\\\\/]@tanstack[\\\\/](query-core|react-query)[\\\\/]`,
              ),
            },
          ],
        },
      },
      treeshake: {
        // Building a zod schema has no side effects, and neither has loading a module of the shared package.
        // Saying so lets the bundler leave out the schemas a chunk does not use, so that reading a constant
        // from @agency/schema on the landing page does not pull all of zod into the first load.
        manualPureFunctions: ['z'],
        moduleSideEffects: [{ test: /[\\/]packages[\\/]schema[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
