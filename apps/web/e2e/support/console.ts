// Collects what a page reports as broken: console messages of type error and uncaught exceptions.
import type { ConsoleMessage, Page } from '@playwright/test';

export type ConsoleProblem = { kind: 'console' | 'pageerror'; text: string; url: string };

export type ConsoleWatch = {
  /** Everything collected so far, minus what `ignore` matched. */
  problems: () => ConsoleProblem[];
  /** Ignores Chrome's "Failed to load resource" line for a response a test causes on purpose (e.g. a 401). */
  ignoreFailedResource: (status: number) => void;
};

/** Starts collecting on `page`; call before the first navigation. */
export function watchConsole(page: Page): ConsoleWatch {
  const collected: ConsoleProblem[] = [];
  const ignoredStatuses = new Set<number>();

  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    collected.push({ kind: 'console', text: message.text(), url: message.location().url || page.url() });
  });
  page.on('pageerror', (error) => {
    collected.push({ kind: 'pageerror', text: `${error.name}: ${error.message}`, url: page.url() });
  });

  function isIgnored(problem: ConsoleProblem): boolean {
    if (problem.kind !== 'console') return false;
    const match = /^Failed to load resource: the server responded with a status of (\d{3})\b/.exec(problem.text);
    return match !== null && ignoredStatuses.has(Number(match[1]));
  }

  return {
    problems: () => collected.filter((problem) => !isIgnored(problem)),
    ignoreFailedResource: (status) => ignoredStatuses.add(status),
  };
}
