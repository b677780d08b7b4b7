import { localDay, type Role } from '@agency/schema';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../lib/notify';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { useCompanies } from '../../features/companies/api/list-companies';
import { PageTitle } from '../../features/config/components/page-title';
import { TestModeBanner } from '../../features/config/components/test-mode-banner';
import { useExportInvoices } from '../../features/invoices/api/export-invoices';
import { useInvoiceSummary } from '../../features/invoices/api/get-invoice-summary';
import { useBillableProjects } from '../../features/invoices/api/list-billable-projects';
import type { InvoiceFilters } from '../../features/invoices/api/list-invoices';
import { InvoiceDetail } from '../../features/invoices/components/invoice-detail';
import { InvoiceEditorDialog } from '../../features/invoices/components/invoice-editor-dialog';
import { InvoiceList } from '../../features/invoices/components/invoice-list';
import { InvoiceTotalsPanel } from '../../features/invoices/components/invoice-totals-panel';
import { RevenueChart } from '../../features/invoices/components/revenue-chart';
import { useInvoicesT } from '../../features/invoices/i18n';
import { StaffInvoiceActions } from '../../features/invoices/components/staff-invoice-actions';
import { BillTimeButton } from '../../features/time/components/bill-time-button';
import { InvoiceTimeSection } from '../../features/time/components/invoice-time-section';
import { PageHeading } from '../../components/page-heading';
import { SectionCard } from '../../components/section-card';
import { ListLoading } from '../../components/list-states';
import { useCommonT } from '../../i18n';
import { errorMessage } from '../../lib/http';
import { paths } from '../../lib/paths';
import { projectPathFor } from '../../lib/project-links';

// Recurring invoices are fetched after the invoice list has painted.
const RecurringInvoicesSection = lazy(() =>
  import('../../features/recurring-invoices/components/recurring-invoices-section').then((m) => ({ default: m.RecurringInvoicesSection })),
);

function RecurringSection() {
  const projects = useBillableProjects();
  const [companyQuery, setCompanyQuery] = useState('');
  const companies = useCompanies(companyQuery);
  const choices = (projects.data ?? []).map((p) => ({ id: p.id, title: p.title, currency: p.currency, company_id: p.company_id }));
  const companyChoices = (companies.data?.pages[0]?.items ?? []).map((c) => ({ id: c.id, name: c.name }));
  return (
    <Suspense fallback={null}>
      <RecurringInvoicesSection
        projects={choices}
        companies={companyChoices}
        onCompanySearch={setCompanyQuery}
        today={localDay(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone)}
      />
    </Suspense>
  );
}

function RevenueSection() {
  const { t } = useInvoicesT();
  const { t: tc } = useCommonT();
  const summary = useInvoiceSummary();
  return (
    <SectionCard title={t('revenue.title')} subtitle={t('revenue.subtitle')}>
      <Box sx={{ px: { xs: 1, sm: 2 }, py: 2 }}>
        {summary.data ? <RevenueChart revenue={summary.data.revenue_by_month} /> : <ListLoading label={tc('shared.loading')} />}
      </Box>
    </SectionCard>
  );
}

/** Exports what the list shows: the filters on screen go with the request. */
function ExportButton({ filters }: { filters: InvoiceFilters }) {
  const { t } = useInvoicesT();
  const exporting = useExportInvoices();
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlinedIcon />}
      loading={exporting.isPending}
      onClick={() => exporting.mutate(filters, { onError: (e) => notify.error(errorMessage(e)) })}
      data-testid="export-invoices"
    >
      {t('staff.exportCsv')}
    </Button>
  );
}

/** The staff invoice screen: every invoice with filters, creation, and one invoice's actions (`?id=`). */
function StaffInvoices({ role, basePath, withReports }: { role: Role; basePath: string; withReports: boolean }) {
  const { t } = useInvoicesT();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const id = searchParams.get('id');
  const detailPath = (invoiceId: string) => `${basePath}?id=${encodeURIComponent(invoiceId)}`;

  if (id) {
    return (
      <>
        <PageTitle title={t('staff.invoiceTitle')} />
        <TestModeBanner />
        <InvoiceDetail
          invoiceId={id}
          back={{ to: basePath, label: t('staff.allInvoices') }}
          renderActions={(invoice) => (
            <>
              <StaffInvoiceActions invoice={invoice} role={role} />
              {invoice.status === 'draft' && <BillTimeButton invoiceId={invoice.id} />}
            </>
          )}
          renderSections={(invoice) => <InvoiceTimeSection invoiceId={invoice.id} />}
          renderProjectLink={(invoice) =>
            invoice.project_id === null ? null : (
              <Link component={RouterLink} to={projectPathFor(role, invoice.project_id)}>
                {invoice.project_title}
              </Link>
            )
          }
        />
      </>
    );
  }

  return (
    <>
      <PageTitle title={t('staff.pageTitle')} />
      <PageHeading title={t('staff.pageTitle')}>{withReports ? t('staff.introReports') : t('staff.introAdmin')}</PageHeading>
      <TestModeBanner />
      <Stack spacing={3}>
        {withReports && (
          <>
            <InvoiceTotalsPanel />
            <RevenueSection />
          </>
        )}
        <InvoiceList
          title={withReports ? t('staff.allInvoices') : t('staff.invoices')}
          variant="staff"
          getDetailPath={detailPath}
          emptyText={t('staff.empty')}
          action={(filters) => (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {withReports && <ExportButton filters={filters} />}
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="new-invoice">
                {t('staff.newInvoice')}
              </Button>
            </Stack>
          )}
        />
        <RecurringSection />
      </Stack>
      {creating && (
        <InvoiceEditorDialog
          open
          invoice={null}
          onClose={() => setCreating(false)}
          onSaved={(invoice) => {
            setCreating(false);
            notify.success(t('staff.draftCreated', { number: invoice.invoice_no }));
            void navigate(detailPath(invoice.id));
          }}
        />
      )}
    </>
  );
}

/** /admindashboard/invoice (admins). */
export function AdminInvoicesRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return <StaffInvoices role={user.role} basePath={paths.admin.invoices} withReports={false} />;
}

/** /view-superadmin-invoice (the super admin): totals, revenue by month and CSV export above every invoice. */
export function SuperadminInvoicesRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return <StaffInvoices role={user.role} basePath={paths.superadmin.invoices} withReports />;
}
