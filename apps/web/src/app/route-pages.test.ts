import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageName, preloadFiles, routeBranches, withPreloads } from '../../scripts/route-pages.mjs';
import { paths } from '../lib/paths';
import { routes } from './route-table';

// The build step that gives each route a copy of index.html preloading its chunks (scripts/route-pages.mjs),
// checked against the app's real route table.
const webRoot = path.resolve(import.meta.dirname, '../..');
const branches = routeBranches(routes);
const branch = (pattern: string) => branches.find((b) => b.pattern === pattern);

describe('the route table, as the build reads it', () => {
  it('names each page with the modules of every route from the root down to it', () => {
    expect(branch('/')?.modules).toEqual(['src/app/routes/landing.tsx']);
    // The light public pages sit outside the UI kit's shell; the other public pages inside it.
    expect(branch(paths.login)?.modules).toEqual(['src/app/layouts/public-layout.tsx', 'src/app/routes/login.tsx']);
    expect(branch(paths.forgotPassword)?.modules).toEqual([
      'src/app/layouts/public-layout.tsx',
      'src/app/ui-shell.tsx',
      'src/app/routes/forgot-password.tsx',
    ]);
    expect(branch(paths.client.dashboard)?.modules).toEqual([
      'src/app/ui-shell.tsx',
      'src/app/guard.tsx',
      'src/app/layouts/client-template.tsx',
      'src/app/routes/client-dashboard.tsx',
    ]);
    // An index route takes its parent's path.
    expect(branch(paths.employee.teamleadDashboard)?.modules.at(-1)).toBe('src/app/routes/employee-dashboard.tsx');
    expect(branch(paths.paymentSuccess)).toBeDefined();
  });

  it('covers every screen once, leaves the catch-all out and gives each page its own file', () => {
    const patterns = branches.map((b) => b.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(patterns.some((p) => p.includes('*'))).toBe(false);
    for (const p of [paths.home, paths.signup, paths.superadmin.dashboard, paths.kanbanBoard, paths.profile]) expect(patterns).toContain(p);
    const names = patterns.map(pageName);
    expect(new Set(names).size).toBe(names.length);
    expect(pageName('/')).toBe('landing');
    expect(pageName('/paymentsuccess/:invoiceNo')).toBe('paymentsuccess-invoiceno');
    for (const module of new Set(branches.flatMap((b) => b.modules))) expect(fs.existsSync(path.join(webRoot, module)), module).toBe(true);
  });
});

describe('the files a page preloads', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_site-chrome-1.js': { file: 'assets/site-chrome-1.js', imports: ['_react-1.js'], css: ['assets/public-1.css'] },
    '_mui-1.js': { file: 'assets/mui-1.js', imports: ['_react-1.js'] },
    '_styles-1.css': { file: 'assets/styles-1.css' },
    'src/app/ui-shell.tsx': { file: 'assets/ui-shell-1.js', imports: ['_mui-1.js', '_react-1.js'] },
    'src/app/routes/login.tsx': { file: 'assets/login-1.js', imports: ['_mui-1.js', '_styles-1.css'] },
    'src/app/routes/home.tsx': { file: 'assets/home-1.js', imports: ['_site-chrome-1.js'], css: ['assets/home-1.css', 'assets/index-1.css'] },
  };

  it('are each module with its static imports, once, in load order, without what the entry already loads', () => {
    expect(preloadFiles(manifest, ['src/app/ui-shell.tsx', 'src/app/routes/login.tsx'])).toEqual({
      scripts: ['assets/ui-shell-1.js', 'assets/mui-1.js', 'assets/login-1.js'],
      styles: ['assets/styles-1.css'],
    });
  });

  it('name the stylesheets of the modules and their imports, without the one the entry already links', () => {
    expect(preloadFiles(manifest, ['src/app/routes/home.tsx'])).toEqual({
      scripts: ['assets/home-1.js', 'assets/site-chrome-1.js'],
      styles: ['assets/public-1.css', 'assets/home-1.css'],
    });
  });

  it('stop the build when a route names a module the build did not make', () => {
    expect(() => preloadFiles(manifest, ['src/app/routes/gone.tsx'])).toThrow('src/app/routes/gone.tsx is not in the build manifest');
  });

  it('are linked at the end of the head, where the browser starts fetching them with the entry', () => {
    const html = '<html>\n  <head>\n    <script type="module" src="/assets/index-1.js"></script>\n  </head>\n  <body></body>\n</html>';
    const out = withPreloads(html, { scripts: ['assets/login-1.js'], styles: ['assets/public-1.css'] });
    expect(out).toContain(
      '<script type="module" src="/assets/index-1.js"></script>\n' +
        '    <link rel="stylesheet" crossorigin href="/assets/public-1.css">\n' +
        '    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/login-1.js">\n  </head>',
    );
    expect(() => withPreloads('<html></html>', { scripts: [], styles: [] })).toThrow('no </head>');
  });
});
