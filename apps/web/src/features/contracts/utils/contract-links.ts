import type { ContractListItem } from '@agency/schema';
import { openDocument } from '../../../lib/documents';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';

/** The full-page PDF screen for a contract. */
export function contractPagePath(id: string): string {
  return `${paths.client.contractPage}?id=${encodeURIComponent(id)}`;
}

/** Saves the contract's PDF (fetched with the session's bearer header: no link to it works on its own). */
export function downloadContract(contract: Pick<ContractListItem, 'pdf_url'>): Promise<void> {
  if (!contract.pdf_url) return Promise.resolve();
  return openDocument(contract.pdf_url, { download: true }).catch((error: unknown) => notify.error(errorMessage(error)));
}
