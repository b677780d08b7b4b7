import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
