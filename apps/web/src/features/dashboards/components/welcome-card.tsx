import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDashboardsT } from '../i18n';

type WelcomeCardProps = {
  name: string;
  children: ReactNode;
  /** A slim band, the greeting and one line beside it, for dashboards whose work comes right after it. */
  dense?: boolean;
};

function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export function WelcomeCard({ name, children, dense = false }: WelcomeCardProps) {
  const { t } = useDashboardsT();
  return (
    <Card
      sx={{
        p: dense ? { xs: 2.5, sm: 2.5 } : { xs: 3, sm: 4 },
        px: dense ? { sm: 3 } : undefined,
        color: '#fff',
        border: 0,
        background: 'linear-gradient(135deg, #312e81 0%, #4338ca 55%, #0d9488 130%)',
        ...(dense && { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, rowGap: 0.5 }),
      }}
      data-testid="welcome-card"
    >
      <Typography variant="h4" component="h1" sx={{ fontSize: dense ? { xs: '1.4rem', sm: '1.6rem' } : { xs: '1.6rem', sm: '2rem' } }}>
        {t('welcome', { name: firstNameOf(name) })}
      </Typography>
      <Typography sx={{ mt: dense ? 0 : 1, color: 'rgb(255 255 255 / 82%)', maxWidth: 640 }}>{children}</Typography>
    </Card>
  );
}
