import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type AttentionGroupProps = {
  title: string;
  /** Beside the heading, e.g. a link to the whole list when only the first few are shown. */
  action?: ReactNode;
  /** The rows: list items (`li`). */
  children: ReactNode;
  'data-testid'?: string;
};

/** One kind of thing to do inside a dashboard's to-do card: a small heading, then its rows. */
export function AttentionGroup({ title, action, children, 'data-testid': testId }: AttentionGroupProps) {
  return (
    <Box data-testid={testId} sx={{ '& + &': { borderTop: '1px solid', borderColor: 'divider' } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 2, sm: 3 }, pt: 1.5, pb: 0.5 }}>
        <Typography component="h3" variant="overline" color="text.secondary" sx={{ flex: 1, lineHeight: 1.6 }}>
          {title}
        </Typography>
        {action}
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {children}
      </Box>
    </Box>
  );
}
