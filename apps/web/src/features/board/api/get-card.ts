import type { Card } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getCard(cardId: string): Promise<{ card: Card }> {
  return request<{ card: Card }>(`/board/cards/${encodeURIComponent(cardId)}`);
}

export function useCard(cardId: string | null) {
  return useQuery({
    queryKey: queryKeys.board.card(cardId ?? ''),
    queryFn: () => getCard(cardId!),
    enabled: cardId !== null,
    // Attachment links are signed and short-lived: fetch them fresh whenever the card is opened.
    staleTime: 0,
  });
}
