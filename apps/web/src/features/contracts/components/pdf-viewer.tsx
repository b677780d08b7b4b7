import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { ListLoading } from '../../../components/list-states';
import { sessionHeaders } from '../../../lib/http';
import { useContractsT } from '../i18n';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * The PDF drawn page by page with pdf.js, at the width of the screen: phones do not show PDFs inside a page, and
 * this looks the same everywhere. The file comes from the contract's short-lived signed link.
 */
export function PdfViewer({ url, title }: { url: string; title: string }) {
  const { t } = useContractsT();
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    // The document is sent only with the session's bearer header: no link to it works on its own.
    const task = getDocument({ url, httpHeaders: sessionHeaders(), isEvalSupported: false });
    let active = true;
    task.promise.then(
      (doc) => {
        if (active) setPdf(doc);
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
      void task.destroy();
    };
  }, [url]);

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Box ref={containerRef} sx={{ width: '100%', maxWidth: 900, mx: 'auto' }} role="document" aria-label={title} data-testid="pdf-viewer">
      {failed ? (
        <Alert severity="error">{t('pdf.failed')}</Alert>
      ) : !pdf || width === 0 ? (
        <ListLoading label={t('loading.pdf')} />
      ) : (
        Array.from({ length: pdf.numPages }, (_, i) => <PdfPage key={i} pdf={pdf} pageNumber={i + 1} width={width} />)
      )}
    </Box>
  );
}

function PdfPage({ pdf, pageNumber, width }: { pdf: PDFDocumentProxy; pageNumber: number; width: number }) {
  const { t } = useContractsT();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [height, setHeight] = useState(Math.round(width * 1.414));

  useEffect(() => {
    let cancelled = false;
    let render: { cancel(): void } | null = null;
    void pdf.getPage(pageNumber).then((page) => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const base = page.getViewport({ scale: 1 });
      const scale = width / base.width;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: scale * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      setHeight(Math.round(base.height * scale));
      const task = page.render({ canvas, viewport });
      render = task;
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, pageNumber, width]);

  return (
    <Box sx={{ mb: 2, boxShadow: '0 1px 4px rgb(15 23 42 / 18%)', bgcolor: '#fff', lineHeight: 0 }}>
      <canvas
        ref={canvasRef}
        style={{ width, height, display: 'block' }}
        aria-label={t('pdf.page', { page: pageNumber, total: pdf.numPages })}
        data-testid="pdf-page"
      />
    </Box>
  );
}
