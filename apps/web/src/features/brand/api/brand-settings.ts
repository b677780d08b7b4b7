import type { BrandSettings, UpdateBrandInput } from '@agency/schema';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request, uploadFiles } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

type BrandAnswer = { brand: BrandSettings };

export function getBrand(): Promise<BrandAnswer> {
  return request<BrandAnswer>('/settings/brand');
}

export function useBrand() {
  return useQuery({ queryKey: queryKeys.brand, queryFn: getBrand, select: (data) => data.brand });
}

/** After a change the screen shows the answer, and every screen's theme, logo and name follow the public config. */
function applied(queryClient: QueryClient) {
  return (answer: BrandAnswer) => {
    queryClient.setQueryData(queryKeys.brand, answer);
    return queryClient.invalidateQueries({ queryKey: queryKeys.config });
  };
}

export function useUpdateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateBrandInput) => request<BrandAnswer>('/settings/brand', { method: 'PATCH', body: input }),
    onSuccess: applied(queryClient),
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFiles<BrandAnswer>('/settings/brand/logo', 'file', [file], { method: 'PUT' }),
    onSuccess: applied(queryClient),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<BrandAnswer>('/settings/brand/logo', { method: 'DELETE' }),
    onSuccess: applied(queryClient),
  });
}
