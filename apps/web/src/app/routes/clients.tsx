import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { SectionCard } from '../../components/section-card';
import { useAuth } from '../../features/auth/hooks/use-auth';
import Stack from '@mui/material/Stack';
import { SavedCards } from '../../features/billing/components/saved-cards';
import { StatementPanel } from '../../features/billing/components/statement-panel';
import { ClientCompanyDetail } from '../../features/companies/components/client-company-detail';
import { CompaniesList } from '../../features/companies/components/companies-list';
import { useCompaniesT } from '../../features/companies/i18n';
import { PageTitle } from '../../features/config/components/page-title';
import { CompanyInvoices } from '../../features/invoices/components/company-invoices';
import { ProjectRows } from '../../features/projects/components/project-rows';
import { paths } from '../../lib/paths';
import { invoicePathFor, projectPathFor } from '../../lib/project-links';

const detailPath = (id: string) => `${paths.staff.clients}?id=${encodeURIComponent(id)}`;

/** /clients, for admins and the super admin: every client company; `?id=<id>` opens one. */
export function ClientsRoute() {
  const { t } = useCompaniesT();
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  const id = searchParams.get('id');
  if (!user) return null;
  const role = user.role;

  if (id) {
    return (
      <>
        <PageTitle title={t('clients.clientTitle')} />
        <ClientCompanyDetail
          companyId={id}
          back={{ to: paths.staff.clients, label: t('clients.allClients') }}
          renderProjects={(detail) => (
            <SectionCard title={t('clients.projectsTitle', { n: detail.projects.length })} data-testid="company-projects">
              <ProjectRows
                projects={detail.projects}
                getDetailPath={(projectId) => projectPathFor(role, projectId)}
                label={t('clients.projectsLabel')}
                emptyText={t('clients.noProjects')}
              />
            </SectionCard>
          )}
          renderInvoices={(detail) => (
            <Stack spacing={3}>
              <CompanyInvoices
                projectIds={detail.projects.map((project) => project.id)}
                getDetailPath={(invoiceId) => invoicePathFor(role, invoiceId) ?? paths.staff.clients}
              />
              <StatementPanel companyId={id} today={new Date().toISOString().slice(0, 10)} />
              {/* Staff see brand, last four and expiry; only the company's owners and billing people change cards. */}
              <SavedCards canManage={false} companyId={id} />
            </Stack>
          )}
        />
      </>
    );
  }

  return (
    <>
      <PageTitle title={t('clients.title')} />
      <PageHeading title={t('clients.title')}>{t('clients.intro')}</PageHeading>
      <CompaniesList getDetailPath={detailPath} />
    </>
  );
}
