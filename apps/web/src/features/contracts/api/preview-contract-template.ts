import type { PreviewContractTemplateInput, TemplatePreview } from '@agency/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function previewContractTemplate(input: PreviewContractTemplateInput): Promise<TemplatePreview> {
  return request<TemplatePreview>('/contract-templates/preview', { method: 'POST', body: input });
}

/** The editor's live preview, rendered by the server (the same renderer that freezes a sent contract). */
export function useTemplatePreview(input: PreviewContractTemplateInput) {
  return useQuery({
    queryKey: queryKeys.contractTemplates.preview(input),
    queryFn: () => previewContractTemplate(input),
    // While the next preview renders, the last one stays on screen.
    placeholderData: keepPreviousData,
  });
}
