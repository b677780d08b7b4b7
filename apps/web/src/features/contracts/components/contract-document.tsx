import Box from '@mui/material/Box';
import { useMemo } from 'react';

/** The document's headings one level down: the screen around it has the page's only h1. */
function demoteHeadings(html: string): string {
  return html.replace(/<(\/?)h([1-5])(?=[\s>])/gi, (_, slash: string, level: string) => `<${slash}h${Number(level) + 1}`);
}

/**
 * The contract text as the server rendered it. The HTML comes from the server's Markdown renderer, which keeps only
 * document tags (headings, paragraphs, lists, emphasis, links), so it is shown as it is.
 */
export function ContractDocument({ html }: { html: string }) {
  const shown = useMemo(() => demoteHeadings(html), [html]);
  return (
    <Box
      component="article"
      // The document is the agency's text, in whatever language it was written: it reads in its own direction, not
      // the interface's.
      dir="auto"
      data-testid="contract-document"
      sx={{
        bgcolor: 'background.paper',
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 2,
        px: { xs: 2, sm: 4, md: 6 },
        py: { xs: 2.5, sm: 4 },
        fontSize: { xs: '0.95rem', sm: '1rem' },
        lineHeight: 1.65,
        overflowWrap: 'anywhere',
        '& h2': { fontSize: { xs: '1.35rem', sm: '1.6rem' }, mt: 0, mb: 2 },
        '& h3': { fontSize: { xs: '1.1rem', sm: '1.2rem' }, mt: 3, mb: 1, color: 'primary.main' },
        '& h4': { fontSize: '1rem', mt: 2, mb: 1 },
        '& p, & ul, & ol': { my: 1.25 },
        '& blockquote': {
          borderInlineStart: '3px solid',
          borderColor: 'divider',
          marginInlineStart: 0,
          paddingInlineStart: 2,
          color: 'text.secondary',
        },
        '& table': { borderCollapse: 'collapse', width: '100%' },
        '& th, & td': { border: '1px solid', borderColor: 'divider', p: 0.75, textAlign: 'start' },
      }}
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
}
