import Card from '@mui/material/Card';
import { PageTitle } from '../../features/config/components/page-title';
import { CreateProjectForm } from '../../features/projects/components/create-project-form';
import { PageHeading } from '../../components/page-heading';
import { projectPathFor } from '../../lib/project-links';

export function CreateProjectRoute() {
  return (
    <>
      <PageTitle title="New project" />
      <PageHeading title="New project">Tell us what you need. The agency reviews every request and assigns a team when it is approved.</PageHeading>
      <Card sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 760 }}>
        <CreateProjectForm projectPath={(id) => projectPathFor('client', id)} />
      </Card>
    </>
  );
}
