import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server';
import { openDocument } from './documents';
import { writeSession } from './storage';

afterEach(() => vi.restoreAllMocks());

function stubBrowser() {
  const tab = { location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  URL.createObjectURL = vi.fn(() => 'blob:document-1');
  URL.revokeObjectURL = vi.fn();
  return { tab, open };
}

describe('opening a document', () => {
  it('fetches it with the session bearer header and shows the bytes in a tab opened by the click', async () => {
    writeSession('session-token', '7');
    let authorization: string | null = null;
    server.use(
      http.get('/api/invoices/11/pdf', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return new HttpResponse('%PDF-1.7', {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="INV-1.pdf"' },
        });
      }),
    );
    const { tab, open } = stubBrowser();
    await openDocument('/api/invoices/11/pdf');
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(authorization).toBe('Bearer session-token');
    expect(tab.location.href).toBe('blob:document-1');
  });

  it('closes the tab and says why when the server refuses', async () => {
    writeSession('session-token', '7');
    server.use(http.get('/api/invoices/12/pdf', () => HttpResponse.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 })));
    const { tab } = stubBrowser();
    await expect(openDocument('/api/invoices/12/pdf')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(tab.close).toHaveBeenCalled();
  });

  it('saves it under the name the server gives, asking for the download form', async () => {
    writeSession('session-token', '7');
    let asked = '';
    server.use(
      http.get('/api/contracts/42/pdf', ({ request }) => {
        asked = new URL(request.url).search;
        return new HttpResponse('%PDF-1.7', { headers: { 'content-disposition': 'attachment; filename="agreement-42-signed.pdf"' } });
      }),
    );
    const { open } = stubBrowser();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('agreement-42-signed.pdf');
      expect(this.href).toBe('blob:document-1');
    });
    await openDocument('/api/contracts/42/pdf', { download: true });
    expect(asked).toBe('?download=1');
    expect(open).not.toHaveBeenCalled();
    expect(click).toHaveBeenCalledOnce();
  });
});
