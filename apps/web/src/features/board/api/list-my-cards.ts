import type { MyCard } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function listMyCards(): Promise<{ items: MyCard[] }> {
  return request<{ items: MyCard[] }>('/board/my-cards');
}

export function useMyCards() {
  return useQuery({ queryKey: queryKeys.board.myCards, queryFn: listMyCards });
}
