import { WEBHOOK_RETRY_WINDOW_MS } from '@agency/schema';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../core/events.js';
import { nextAttemptAt } from './backoff.js';
import { webhookEventOf } from './events.js';

describe('the retry schedule of a failing delivery', () => {
  it('doubles the wait from the base delay and ends with one try at 24 hours', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const attempts: number[] = [0];
    for (let at: Date | null = start; at;) {
      at = nextAttemptAt(start, at, 60);
      if (at) attempts.push((at.getTime() - start.getTime()) / 1000);
    }
    expect(attempts).toEqual([0, 60, 120, 240, 480, 960, 1920, 3840, 7680, 15360, 30720, 61440, 86400]);
    expect(attempts.at(-1)! * 1000).toBe(WEBHOOK_RETRY_WINDOW_MS);
  });

  it('waits at least the base delay, and gives up once the window has passed', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    expect(nextAttemptAt(start, start, 30)).toEqual(new Date('2026-01-01T00:00:30Z'));
    expect(nextAttemptAt(start, new Date(start.getTime() + WEBHOOK_RETRY_WINDOW_MS), 30)).toBeNull();
  });
});

describe('what a receiver is told of a domain event', () => {
  it('names an invoice paid by its own event as well as the status change', () => {
    const event: DomainEvent = { type: 'invoice.status_changed', invoiceId: 7, projectId: 3, from: 'sent', to: 'paid', actorId: null };
    expect(webhookEventOf(event)).toEqual({
      types: ['invoice.status_changed', 'invoice.paid'],
      data: { invoice_id: '7', project_id: '3', from: 'sent', to: 'paid' },
    });
  });

  it('sends nothing for events that are not offered', () => {
    expect(webhookEventOf({ type: 'mail.queued', outboxIds: [1] })).toBeNull();
    expect(webhookEventOf({ type: 'session.revoked', userId: 1 })).toBeNull();
  });
});
