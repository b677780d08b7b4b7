import { WEBHOOK_RETRY_WINDOW_MS } from '@agency/schema';

/**
 * When to try again after a failed attempt: wait as long as the series has run so far (at least the base delay), so
 * the waits double (base, 2 x base, 4 x base ...); never past the end of the 24-hour window, and null once it ended.
 */
export function nextAttemptAt(startedAt: Date, now: Date, baseSeconds: number): Date | null {
  const windowEnd = startedAt.getTime() + WEBHOOK_RETRY_WINDOW_MS;
  if (now.getTime() >= windowEnd) return null;
  const delay = Math.max(baseSeconds * 1000, now.getTime() - startedAt.getTime());
  return new Date(Math.min(now.getTime() + delay, windowEnd));
}
