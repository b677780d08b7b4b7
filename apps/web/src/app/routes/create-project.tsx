import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { CreateProjectForm } from '../../features/projects/components/create-project-form';
import { useProjectsT } from '../../features/projects/i18n';
import { PageHeading } from '../../components/page-heading';
import { asksForWork, companyRoleOf, seesAmounts } from '../../lib/company-role';
import { paths } from '../../lib/paths';
import { projectPathFor } from '../../lib/project-links';

/** /create-project: a company's owners and members ask for a project (members without a budget); billing people do not. */
export function CreateProjectRoute() {
  const { t } = useProjectsT();
  const { user } = useAuth();
  const role = companyRoleOf(user);

  if (!asksForWork(role)) {
    return (
      <>
        <PageTitle title={t('pages.newProject')} />
        <PageHeading title={t('pages.newProject')} />
        <Card component="section" aria-labelledby="new-project-closed" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 760 }} data-testid="new-project-closed">
          <Typography id="new-project-closed" variant="h6" component="h2">
            {t('pages.createClosedTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('pages.createClosedText')}
          </Typography>
          <Button component={Link} to={paths.client.projects} variant="outlined" sx={{ mt: 2.5 }}>
            {t('pages.myProjects')}
          </Button>
        </Card>
      </>
    );
  }

  return (
    <>
      <PageTitle title={t('pages.newProject')} />
      <PageHeading title={t('pages.newProject')}>{t('pages.createIntro')}</PageHeading>
      <Card sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 760 }}>
        <CreateProjectForm projectPath={(id) => projectPathFor('client', id)} withBudget={seesAmounts(role)} />
      </Card>
    </>
  );
}
