import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { PersonCard } from '../../features/dashboards/components/person-card';
import { WelcomeCard } from '../../features/dashboards/components/welcome-card';

type RoleDashboardProps = { title: string; intro: ReactNode; children?: ReactNode };

/** The common body of the role dashboards: greeting, then the signed-in person. */
export function RoleDashboard({ title, intro, children }: RoleDashboardProps) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="dashboard">
      <PageTitle title={title} />
      <WelcomeCard name={user.name}>{intro}</WelcomeCard>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 420px) 1fr' }, alignItems: 'start' }}>
        <PersonCard user={user} />
        {children}
      </Box>
    </Box>
  );
}
