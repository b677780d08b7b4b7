import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDashboardsT } from '../i18n';

export type Shortcut = { to: string; title: string; description: string; icon: ReactNode };

export function ShortcutGrid({ shortcuts }: { shortcuts: readonly Shortcut[] }) {
  const { t } = useDashboardsT();
  return (
    <Box
      component="nav"
      aria-label={t('superadmin.screens')}
      data-testid="shortcut-grid"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
    >
      {shortcuts.map((shortcut) => (
        <Card key={shortcut.to} sx={{ transition: 'box-shadow 150ms', '&:hover': { boxShadow: '0 8px 24px rgb(15 23 42 / 10%)' } }}>
          <CardActionArea component={Link} to={shortcut.to} sx={{ p: 3, height: '100%' }}>
            <Box
              sx={{
                width: 44,
                height: 44,
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'rgb(67 56 202 / 10%)',
                color: 'primary.main',
                mb: 2,
              }}
            >
              {shortcut.icon}
            </Box>
            <Typography variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {shortcut.title}
              {/* It points onwards: to the left in a right-to-left language. */}
              <ArrowForwardIcon fontSize="small" sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {shortcut.description}
            </Typography>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
