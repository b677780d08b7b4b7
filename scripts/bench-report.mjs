// The table of `npm run bench`, as printed and as kept in docs/performance.md. scripts/bench.mjs prints it and, after
// a run of every section, writes it into that document between two marker lines, with a line saying when and on
// what it was measured. On its own, `node scripts/bench-report.mjs [report.json]` writes the document's table again
// from a report (bench-results/latest.json by default), for example after the document's text was edited.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PERFORMANCE_DOC = path.join(root, 'docs', 'performance.md');
export const TABLE_START = '<!-- bench-table:start (written by npm run bench; edit the text around it) -->';
export const TABLE_END = '<!-- bench-table:end -->';

/**
 * The table as Markdown lines. `failed` says which sections broke (`{ pglite, postgres, cluster }`): their cells
 * read `error`. A row no section measured (the cluster's, in a run without it) is left out.
 */
export function formatTable(table, failed = {}) {
  const isFailed = (backend, source) => Boolean(source ? backend === 'postgres' && failed[source] : failed[backend]);
  const isMeasured = (v) => v !== null && v !== undefined;
  const cell = (v, backend, source) => (isFailed(backend, source) ? 'error' : isMeasured(v) ? String(v) : '-');
  const measured = table.filter(
    (r) => isMeasured(r.pglite) || isMeasured(r.postgres) || isFailed('pglite', r.source) || isFailed('postgres', r.source),
  );
  const lines = measured.map((r) => [
    r.metric,
    cell(r.pglite, 'pglite', r.source),
    cell(r.postgres, 'postgres', r.source),
    r.budget ?? '-',
    r.pass ? `${r.pass.pglite} / ${r.pass.postgres}` : '-',
  ]);
  const head = ['Metric', 'PGlite', 'PostgreSQL', 'Budget', 'Pass (PGlite / PG)'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cols) => `| ${cols.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  return [fmt(head), `|${widths.map((w, i) => (i === 0 ? ':' : '-') + '-'.repeat(w) + (i === 0 ? '-' : ':')).join('|')}|`, ...lines.map(fmt)];
}

/** Which sections of a report (bench-results/latest.json) broke. */
export function failedSections(report) {
  const raw = report.raw ?? {};
  return { pglite: Boolean(raw.pglite?.error), postgres: Boolean(raw.postgres?.error), cluster: Boolean(raw.cluster?.error) };
}

/** One paragraph: when and on what the report was measured. */
export function describeRun(report) {
  const m = report.machine ?? {};
  const raw = report.raw ?? {};
  const pinned = ['pglite', 'postgres'].some((b) => raw[b]?.ratioRoundsPinned);
  const day = String(report.generated_at ?? '').slice(0, 10) || 'an unknown day';
  return [
    `Measured by \`npm run bench\` on ${day}: Node ${m.node ?? '(unknown)'}, ${m.cpus ?? '?'} cores (${m.cpu_model ?? 'unknown CPU'}),`,
    `load average ${m.loadavg_1m_start ?? '?'} at the start and ${m.loadavg_1m_end ?? '?'} at the end, a fixed loop of 300 million`,
    `additions in ${m.reference_loop_ms ?? '?'} ms, the ratio rounds ${pinned ? 'pinned' : 'not pinned'}. \`bench-results/latest.json\``,
    'holds the same figures with every raw value.',
  ].join('\n');
}

/** The document with its table replaced by the report's; throws when the marker lines are missing. */
export function withBenchTable(doc, report) {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) {
    throw new Error(`docs/performance.md has no table markers (${TABLE_START} ... ${TABLE_END})`);
  }
  const block = [TABLE_START, '', describeRun(report), '', ...formatTable(report.table ?? [], failedSections(report)), '', TABLE_END];
  return doc.slice(0, start) + block.join('\n') + doc.slice(end + TABLE_END.length);
}

/** Writes the report's table into docs/performance.md (or `file`). */
export function writeBenchTable(report, file = PERFORMANCE_DOC) {
  fs.writeFileSync(file, withBenchTable(fs.readFileSync(file, 'utf8'), report));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const source = path.resolve(process.argv[2] ?? path.join(root, 'bench-results', 'latest.json'));
  writeBenchTable(JSON.parse(fs.readFileSync(source, 'utf8')));
  console.log(`wrote the table of ${path.relative(root, source)} into ${path.relative(root, PERFORMANCE_DOC)}`);
}
