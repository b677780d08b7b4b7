/** A route as the route table declares it: only what the build reads. */
export type RouteLike = { path?: string; index?: boolean; lazy?: unknown; children?: RouteLike[] };
/** One page of the app: its full path pattern and the modules (Vite manifest keys) of the routes down to it. */
export type RouteBranch = { pattern: string; modules: string[] };
/** Vite's build manifest: a chunk per key. */
export type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;
/** What a page names beyond the entry: scripts to preload and stylesheets to link. */
export type PageFiles = { scripts: string[]; styles: string[] };

export function lazyImports(route: RouteLike): string[];
export function routeBranches(routes: RouteLike[], parentPath?: string, parentModules?: string[]): RouteBranch[];
export function preloadFiles(manifest: Manifest, modules: string[]): PageFiles;
export function withPreloads(html: string, files: PageFiles): string;
export function pageName(pattern: string): string;
