import { lazy, Suspense } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../features/config/components/page-title';
import { ProjectProgress } from '../../features/board/components/project-progress';
import { ProjectContracts } from '../../features/contracts/components/project-contracts';
import { ProjectInvoices } from '../../features/invoices/components/project-invoices';
import { ProjectDetail } from '../../features/projects/components/project-detail';
import { ProjectTimeLog } from '../../features/time/components/project-time-log';
import { ProjectList } from '../../features/projects/components/project-list';
import { ProjectUploader } from '../../features/projects/components/project-uploader';
import { useProjectsT } from '../../features/projects/i18n';
import { PageHeading } from '../../components/page-heading';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { asksForWork, companyRoleOf, seesAmounts } from '../../lib/company-role';
import { contractPathFor } from '../../lib/contract-links';
import { paths } from '../../lib/paths';
import { invoicePathFor, projectPathFor } from '../../lib/project-links';

// The plan is fetched after the project has painted.
const PaymentPlanSection = lazy(() =>
  import('../../features/payment-plans/components/payment-plan-section').then((m) => ({ default: m.PaymentPlanSection })),
);

/** /view-project lists the client's projects; /view-project?id=<id> opens one. */
export function ViewProjectRoute() {
  const { t } = useProjectsT();
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  const id = searchParams.get('id');
  const role = companyRoleOf(user);
  // A company's members see no amounts (no budget, no invoices); its billing people add no projects and no files.
  const showAmounts = seesAmounts(role);
  const canAskForWork = asksForWork(role);

  if (id) {
    return (
      <>
        <PageTitle title={t('pages.project')} />
        <ProjectDetail
          projectId={id}
          back={{ to: paths.client.projects, label: t('pages.myProjects') }}
          showBudget={showAmounts}
          renderExtra={(project) =>
            canAskForWork ? <ProjectUploader projectId={project.id} status={project.status} existingCount={project.attachments.length} /> : null
          }
          renderSide={(project) => <ProjectProgress projectId={project.id} />}
          renderSections={(project) => (
            <>
              <ProjectContracts project={project} role="client" getOpenPath={(contractId) => contractPathFor('client', contractId)} />
              {showAmounts && (
                <ProjectInvoices
                  project={project}
                  variant="client"
                  getDetailPath={(invoiceId) => invoicePathFor('client', invoiceId) ?? paths.client.invoices}
                />
              )}
              {showAmounts && (
                <Suspense fallback={null}>
                  <PaymentPlanSection projectId={project.id} editable={false} />
                </Suspense>
              )}
              {showAmounts && <ProjectTimeLog projectId={project.id} shared={project.time_log_shared} />}
            </>
          )}
        />
      </>
    );
  }

  return (
    <>
      <PageTitle title={t('pages.myProjects')} />
      <PageHeading title={t('pages.myProjects')}>{t('pages.myProjectsIntro')}</PageHeading>
      <ProjectList
        title={t('pages.projects')}
        getDetailPath={(projectId) => projectPathFor('client', projectId)}
        showTeamLead
        showBudget={showAmounts}
        emptyText={t('pages.clientEmpty')}
        action={
          canAskForWork && (
            <Button component={Link} to={paths.client.createProject} variant="contained" startIcon={<AddIcon />}>
              {t('pages.newProject')}
            </Button>
          )
        }
      />
    </>
  );
}
