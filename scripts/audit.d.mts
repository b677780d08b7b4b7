export type AllowedAdvisory = { id: string; package: string; reason: string; reviewed: string };
export function judge(
  report: { vulnerabilities?: Record<string, { via?: unknown[] }> },
  allowed: AllowedAdvisory[],
): {
  found: Map<string, { name: string; title?: string; severity?: string; url?: string }>;
  unreviewed: [string, { name: string; title?: string; severity?: string; url?: string }][];
  stale: AllowedAdvisory[];
};
