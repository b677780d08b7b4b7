import type { CreateTimeEntryInput, TimeEntry } from '@agency/schema';
import { request } from '../../../lib/http';

/** One's own time on a project or card, on a day (placed after the day's other entries) or at a moment. */
export function createEntry(input: CreateTimeEntryInput): Promise<{ entry: TimeEntry }> {
  return request<{ entry: TimeEntry }>('/time-entries', { method: 'POST', body: input });
}
