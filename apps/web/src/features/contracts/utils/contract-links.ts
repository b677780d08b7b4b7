import type { ContractListItem } from '@agency/schema';
import { paths } from '../../../lib/paths';

/** The full-page PDF screen for a contract. */
export function contractPagePath(id: string): string {
  return `${paths.client.contractPage}?id=${encodeURIComponent(id)}`;
}

/** The contract's short-lived PDF link, asking the browser to save the file. */
export function downloadUrl(contract: Pick<ContractListItem, 'pdf_url'>): string | null {
  return contract.pdf_url ? `${contract.pdf_url}&download=1` : null;
}
