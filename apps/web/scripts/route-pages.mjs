// Run after `vite build`: writes, for every route of the web app, a copy of index.html that names the JavaScript of
// that route's screens and layouts (`<link rel="modulepreload">`), and `route-pages.json`, which maps each route
// pattern to its copy. The server answers a page request with the copy of the route it matches, so the browser
// fetches a screen's chunks together with the entry instead of after the entry has run and the router has asked.
//
// The routes are read from the app's own route table (src/app/route-table.tsx, loaded through Vite's SSR loader),
// and the chunks from Vite's build manifest, so neither is written down twice.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The modules a route's `lazy` function imports, as Vite's manifest keys (`src/app/routes/login.tsx`). */
export function lazyImports(route) {
  if (typeof route.lazy !== 'function') return [];
  const source = String(route.lazy);
  // Vite's loader writes the id from its root: `/src/...` from the web app's, `/apps/web/src/...` from the repository's.
  return [...source.matchAll(/(?:__vite_ssr_dynamic_import__|import)\(\s*["'][^"']*?\/?(src\/[^"']+)["']/g)].map((m) => m[1]);
}

function joinPath(parent, child) {
  if (child === undefined) return parent;
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/**
 * Every page of a route table: its full path pattern and the modules of every route from the root down to it, in
 * that order. Layout routes without a path add their modules; the catch-all (`*`) is left out.
 */
export function routeBranches(routes, parentPath = '/', parentModules = []) {
  const branches = [];
  for (const route of routes) {
    const pattern = route.index ? parentPath : joinPath(parentPath, route.path);
    const modules = [...parentModules, ...lazyImports(route)];
    if (route.children?.length) branches.push(...routeBranches(route.children, pattern, modules));
    else if (!pattern.includes('*')) branches.push({ pattern, modules });
  }
  return branches;
}

/** The files a manifest key loads (itself, its static imports and their stylesheets), depth first, each once. */
function closure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  for (const css of chunk.css ?? []) into.add(css);
  return into;
}

/**
 * The JavaScript and CSS files of these modules, without those the entry already loads (index.html names them):
 * `scripts` to preload, `styles` to link.
 */
export function preloadFiles(manifest, modules) {
  const entryFiles = new Set();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(manifest, key, entryFiles);
  const files = new Set();
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`${module} is not in the build manifest`);
    closure(manifest, module, files);
  }
  const own = [...files].filter((file) => !entryFiles.has(file));
  return { scripts: own.filter((file) => file.endsWith('.js')), styles: own.filter((file) => file.endsWith('.css')) };
}

/**
 * index.html with, at the end of the head, a stylesheet link for each of the route's stylesheets and a modulepreload
 * link for each of its scripts. The stylesheets load with the page's own, not after the route's chunk has run and
 * asked for them (the chunk's loader finds them in place and does not ask again). The scripts load at low priority:
 * the entry comes first, and the route's chunks still start before it has run.
 */
export function withPreloads(html, { scripts, styles }) {
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  const links = [
    ...styles.map((file) => `\n    <link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts.map((file) => `\n    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`),
  ].join('');
  return html.replace(/\n?\s*<\/head>/, (end) => `${links}${end}`);
}

/** A file name for a route pattern: `/paymentsuccess/:invoiceNo` -> `paymentsuccess-invoiceno`. */
export function pageName(pattern) {
  const slug = pattern
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || 'landing';
}

async function main() {
  const dist = path.resolve(process.argv[2] ?? path.join(webRoot, 'dist'));
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: webRoot,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  let routes;
  try {
    ({ routes } = await vite.ssrLoadModule('/src/app/route-table.tsx'));
  } finally {
    await vite.close();
  }
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const pagesDir = path.join(dist, 'pages');
  fs.rmSync(pagesDir, { recursive: true, force: true });
  fs.mkdirSync(pagesDir);
  const table = [];
  for (const { pattern, modules } of routeBranches(routes)) {
    const page = `pages/${pageName(pattern)}.html`;
    if (table.some((row) => row.page === page)) throw new Error(`two routes would share ${page}`);
    fs.writeFileSync(path.join(dist, page), withPreloads(html, preloadFiles(manifest, modules)));
    table.push({ path: pattern, page });
  }
  fs.writeFileSync(path.join(dist, 'route-pages.json'), `${JSON.stringify({ routes: table }, null, 2)}\n`);
  // The manifest served its purpose; it is not part of the app.
  fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
  console.log(`route pages: ${table.length} routes, each with its chunks preloaded`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
