import type { Board } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type CardOption = { id: string; title: string };

/** A project's cards, to put time on one of them: read from its board. */
export async function listProjectCards(projectId: string): Promise<CardOption[]> {
  const board = await request<Board>(`/projects/${encodeURIComponent(projectId)}/board`);
  return board.columns.flatMap((column) => column.cards.map((card) => ({ id: card.id, title: card.title })));
}

export function useProjectCards(projectId: string | null) {
  return useQuery({ queryKey: queryKeys.time.cards(projectId ?? ''), queryFn: () => listProjectCards(projectId!), enabled: projectId !== null });
}
