import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';

// Links open outside the app, never with access to it.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

/** Markdown as safe HTML: rendered by marked, then everything script-like removed by DOMPurify. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'] });
}

type MarkdownProps = { source: string; sx?: SxProps<Theme>; 'data-testid'?: string };

/** Text people wrote in Markdown (card descriptions, training content), shown sanitised. */
export function Markdown({ source, sx, 'data-testid': testId }: MarkdownProps) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <Box
      className="markdown"
      data-testid={testId}
      sx={{
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& h1, & h2, & h3': { fontSize: '1.1rem', fontWeight: 700, mt: 2, mb: 1 },
        '& p, & ul, & ol': { my: 1 },
        '& pre': { p: 1.5, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto' },
        '& code': { fontFamily: 'ui-monospace, monospace', fontSize: '0.875em' },
        '& img': { maxWidth: '100%' },
        '& blockquote': { m: 0, pl: 2, borderLeft: '3px solid', borderColor: 'divider', color: 'text.secondary' },
        ...sx,
      }}
      // Sanitised by DOMPurify just above; this is the one place raw HTML reaches the page.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
