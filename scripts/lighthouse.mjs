// `npm run lighthouse`: Lighthouse 12 with the system Chromium against the built app (npm run build first) on a
// fresh embedded database, for the public pages of DESIGN section 8, with the mobile default (simulated slow 4G,
// 4x CPU slow-down) and the desktop preset. Prints each page's scores (medians of --runs, default 1) against the
// budgets (performance >= 0.95 mobile, >= 0.98 desktop; accessibility 1.0) and writes bench-results/lighthouse.json.
// Exit code 0 even when a budget is missed (the table says FAIL); non-zero only when Lighthouse could not run.
// Usage: node scripts/lighthouse.mjs [--runs N] [--pages /,/home]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { startBuiltServer } from './startup.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const LIGHTHOUSE_PAGES = ['/', '/home', '/loginpage', '/signup'];
export const LIGHTHOUSE_BUDGET = { mobile: 0.95, desktop: 0.98, accessibility: 1 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One Lighthouse run of `url`; the scores of each category and a few metrics, in ms. */
async function audit(chrome, url, preset) {
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result.lhr;
  // LH_REPORTS=<dir>: each whole report as JSON (its audits' details: which scripts and tasks took the main thread).
  if (process.env.LH_REPORTS) {
    fs.writeFileSync(path.join(process.env.LH_REPORTS, `${preset}${new URL(url).pathname.replace(/\//g, '_')}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url} (${preset}): ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]));
  const metric = (id) => lhr.audits[id]?.numericValue ?? null;
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => a.id);
  return {
    scores,
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    transferKb: Math.round((metric('total-byte-weight') ?? 0) / 102.4) / 10,
    failing,
  };
}

/** Medians over `runs` of every page with both presets, on a server of its own. */
/**
 * One audit, asked again once when Lighthouse itself says the trace went wrong and to run it again (NO_NAVSTART and
 * the like happen now and then on a loaded machine): a flaky trace is not a score.
 */
async function auditWithRetry(chrome, url, preset) {
  try {
    return await audit(chrome, url, preset);
  } catch (err) {
    if (!/run Lighthouse again/i.test(String(err?.message ?? err))) throw err;
    console.error(`[lighthouse] ${url} (${preset}): ${err.message}; running it again`);
    return audit(chrome, url, preset);
  }
}

export async function measureLighthouse({ runs = 1, pages = LIGHTHOUSE_PAGES } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-lighthouse-'));
  const server = await startBuiltServer(dataDir);
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const rows = [];
  try {
    for (const preset of ['mobile', 'desktop']) {
      for (const page of pages) {
        const results = [];
        for (let i = 0; i < runs; i++) results.push(await auditWithRetry(chrome, `${server.url}${page}`, preset));
        const pick = (get) => median(results.map(get));
        rows.push({
          page,
          preset,
          performance: pick((r) => r.scores.performance),
          accessibility: pick((r) => r.scores.accessibility),
          bestPractices: pick((r) => r.scores['best-practices']),
          seo: pick((r) => r.scores.seo),
          fcpMs: Math.round(pick((r) => r.fcpMs)),
          lcpMs: Math.round(pick((r) => r.lcpMs)),
          tbtMs: Math.round(pick((r) => r.tbtMs)),
          transferKb: pick((r) => r.transferKb),
          performanceSpread: [Math.min(...results.map((r) => r.scores.performance)), Math.max(...results.map((r) => r.scores.performance))],
          failingAudits: [...new Set(results.flatMap((r) => r.failing))],
        });
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { runs, rows };
}

/** Whether a row meets its budgets. */
export function lighthousePasses(row) {
  const performance = row.performance >= (row.preset === 'mobile' ? LIGHTHOUSE_BUDGET.mobile : LIGHTHOUSE_BUDGET.desktop);
  return { performance, accessibility: row.accessibility >= LIGHTHOUSE_BUDGET.accessibility };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const runs = Number(arg('--runs') ?? 1);
  const pages = arg('--pages')?.split(',') ?? LIGHTHOUSE_PAGES;
  const loadStart = os.loadavg()[0];
  const result = await measureLighthouse({ runs, pages });
  console.log(`\n| Page | Preset | Performance (budget) | Accessibility | Best practices | SEO | FCP ms | LCP ms | TBT ms | Transfer KB |`);
  console.log('|:--|:--|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const r of result.rows) {
    const pass = lighthousePasses(r);
    const budget = r.preset === 'mobile' ? LIGHTHOUSE_BUDGET.mobile : LIGHTHOUSE_BUDGET.desktop;
    console.log(
      `| ${r.page} | ${r.preset} | ${r.performance.toFixed(2)} (>= ${budget} ${pass.performance ? 'pass' : 'FAIL'}) | ` +
        `${r.accessibility.toFixed(2)} ${pass.accessibility ? 'pass' : 'FAIL'} | ${r.bestPractices.toFixed(2)} | ${r.seo.toFixed(2)} | ` +
        `${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.transferKb} |`,
    );
  }
  for (const r of result.rows.filter((x) => x.failingAudits.length > 0)) {
    console.log(`${r.page} (${r.preset}) audits below 0.9: ${r.failingAudits.join(', ')}`);
  }
  console.log(
    `medians of ${runs}; load average (1 min) at start / end: ${loadStart.toFixed(1)} / ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );
  fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench-results', 'lighthouse.json'),
    `${JSON.stringify({ generated_at: new Date().toISOString(), loadavg_1m: os.loadavg()[0], ...result }, null, 2)}\n`,
  );
}
