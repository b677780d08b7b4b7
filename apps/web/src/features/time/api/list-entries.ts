import type { TimeEntry, TimeEntryListQuery } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The list's filters (the limit as a number: the schema coerces it from the query string). */
export type EntryFilters = Omit<TimeEntryListQuery, 'limit'> & { limit?: number };

export type EntryPage = { items: TimeEntry[]; next_cursor: string | null; total_minutes: number };

/** Time the caller may see, newest first, with the total of everything the filters select. */
export function listEntries(filters: EntryFilters): Promise<EntryPage> {
  return request<EntryPage>('/time-entries', { query: { ...filters } });
}

export function useEntries(filters: EntryFilters) {
  return useQuery({ queryKey: queryKeys.time.entries(filters), queryFn: () => listEntries(filters) });
}
