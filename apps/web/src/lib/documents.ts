import { requestFile } from './http';

/**
 * Opens a document of the API (an invoice, a receipt, a contract PDF) in a new tab, or saves it. No link to a document
 * works on its own (a copied or forwarded one opens nothing): it is fetched with the session's bearer header, and the
 * browser shows the bytes it got. `apiPath` is the document's address as the API names it (`/api/invoices/7/pdf`).
 */
export async function openDocument(apiPath: string, { download = false }: { download?: boolean } = {}): Promise<void> {
  // The tab is opened in the click itself: one opened after the fetch would be taken for a pop-up and blocked.
  const tab = download ? null : window.open('', '_blank');
  try {
    const { blob, filename } = await requestFile(apiPath.replace(/^\/api(?=\/)/, ''), download ? { query: { download: '1' } } : {});
    const url = URL.createObjectURL(blob);
    if (tab) {
      tab.location.href = url;
    } else {
      const link = document.createElement('a');
      link.href = url;
      link.download = filename ?? 'document.pdf';
      link.click();
    }
    // Long enough for the tab to read it; the address is of no use to anyone else.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
