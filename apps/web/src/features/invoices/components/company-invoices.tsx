import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useQueries } from '@tanstack/react-query';
import { DataTable } from '../../../components/data-table';
import { ListEmpty } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { queryKeys } from '../../../lib/query-keys';
import { useInvoicesT } from '../i18n';
import { listInvoices } from '../api/list-invoices';
import { invoiceColumns } from './invoice-list';

/** The most invoices one project's list asks for: a company's detail shows them all, newest first. */
const PER_PROJECT = 100;

type CompanyInvoicesProps = {
  /** The company's projects: its invoices are theirs. */
  projectIds: readonly string[];
  getDetailPath: (id: string) => string;
};

/** Every invoice of a client company's projects, for staff: one list, newest first. */
export function CompanyInvoices({ projectIds, getDetailPath }: CompanyInvoicesProps) {
  const { t } = useInvoicesT();
  const results = useQueries({
    queries: projectIds.map((projectId) => ({
      queryKey: [...queryKeys.invoices.list({ project_id: projectId }), PER_PROJECT],
      queryFn: () => listInvoices({ project_id: projectId }, undefined, PER_PROJECT),
    })),
  });
  const failed = results.find((result) => result.isError);
  const invoices = results
    .flatMap((result) => result.data?.items ?? [])
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || Number(b.id) - Number(a.id));

  return (
    <SectionCard title={t('company.title')} subtitle={t('company.subtitle')} data-testid="company-invoices">
      <DataTable
        columns={invoiceColumns('staff', getDetailPath, true)}
        rows={invoices}
        getRowId={(invoice) => invoice.id}
        label={t('company.tableLabel')}
        isLoading={results.some((result) => result.isPending)}
        loadingLabel={t('list.loading')}
        error={failed?.error ?? undefined}
        onRetry={() => {
          for (const result of results) if (result.isError) void result.refetch();
        }}
        empty={<ListEmpty icon={<ReceiptLongOutlinedIcon />} title={t('list.empty')} />}
        getRowAttributes={(invoice) => ({ 'data-invoice-id': invoice.id, 'data-invoice-no': invoice.invoice_no })}
        rowTestId="invoice-row"
      />
    </SectionCard>
  );
}
