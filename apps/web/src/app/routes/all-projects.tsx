import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { ProjectContracts } from '../../features/contracts/components/project-contracts';
import { ProjectInvoices } from '../../features/invoices/components/project-invoices';
import { ProjectDetail } from '../../features/projects/components/project-detail';
import { ProjectUploader } from '../../features/projects/components/project-uploader';
import { StaffProjectActions } from '../../features/projects/components/staff-project-actions';
import { StaffProjectsTable } from '../../features/projects/components/staff-projects-table';
import { useProjectsT } from '../../features/projects/i18n';
import { ProjectProfitability } from '../../features/time/components/project-profitability';
import { PageHeading } from '../../components/page-heading';
import { contractPathFor } from '../../lib/contract-links';
import { paths } from '../../lib/paths';
import { invoicePathFor } from '../../lib/project-links';

// The plan is fetched after the project has painted.
const PaymentPlanSection = lazy(() =>
  import('../../features/payment-plans/components/payment-plan-section').then((m) => ({ default: m.PaymentPlanSection })),
);

/** /all-projects for admins and the super admin: every project; `?id=<id>` opens one with its status actions. */
export function AllProjectsRoute() {
  const { t } = useProjectsT();
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  if (!user) return null;

  if (id) {
    return (
      <>
        <PageTitle title={t('pages.project')} />
        <ProjectDetail
          projectId={id}
          back={{ to: paths.staff.projects, label: t('pages.allProjects') }}
          renderActions={(project) => <StaffProjectActions project={project} role={user.role} userId={user.id} />}
          renderExtra={(project) => <ProjectUploader projectId={project.id} status={project.status} existingCount={project.attachments.length} />}
          renderSections={(project) => (
            <>
              <ProjectContracts project={project} role={user.role} getOpenPath={(contractId) => contractPathFor(user.role, contractId)} />
              <ProjectInvoices
                project={project}
                variant="staff"
                getDetailPath={(invoiceId) => invoicePathFor(user.role, invoiceId) ?? paths.staff.projects}
              />
              <Suspense fallback={null}>
                <PaymentPlanSection projectId={project.id} editable />
              </Suspense>
              {project.status !== 'pending' && project.status !== 'rejected' && <ProjectProfitability projectId={project.id} canSetRate />}
            </>
          )}
        />
      </>
    );
  }

  return (
    <>
      <PageTitle title={t('pages.allProjects')} />
      <PageHeading title={t('pages.allProjects')}>{t('pages.allProjectsIntro')}</PageHeading>
      <StaffProjectsTable role={user.role} userId={user.id} />
    </>
  );
}
