import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { PersonCard } from '../../features/dashboards/components/person-card';
import { WelcomeCard } from '../../features/dashboards/components/welcome-card';
import { ProjectSummaryPanel } from '../../features/projects/components/project-summary-panel';
import { paths } from '../../lib/paths';
import { projectPathFor } from '../../lib/project-links';

/** /clientdashboardpage and /dashboard: the client's projects at a glance. */
export function ClientDashboardRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="dashboard">
      <PageTitle title="Dashboard" />
      <WelcomeCard name={user.name}>
        Send us a project brief, follow its progress and see what needs your attention.
        <Stack direction="row" spacing={1.5} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }} component="span">
          <Button component={Link} to={paths.client.createProject} variant="contained" color="secondary" startIcon={<AddIcon />}>
            New project
          </Button>
          <Button component={Link} to={paths.client.projects} variant="outlined" sx={{ color: '#fff', borderColor: 'rgb(255 255 255 / 50%)' }}>
            My projects
          </Button>
        </Stack>
      </WelcomeCard>
      <ProjectSummaryPanel
        getDetailPath={(id) => projectPathFor('client', id)}
        attentionTitle="Needs your attention"
        attentionSubtitle="Projects that were not approved, with the reason."
        attentionEmpty="Nothing needs your attention"
        aside={<PersonCard user={user} />}
      />
    </Box>
  );
}
