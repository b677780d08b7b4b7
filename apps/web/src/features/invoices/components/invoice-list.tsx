import { INVOICE_STATUSES, isPayable, type InvoiceListItem, type InvoiceStatus } from '@agency/schema';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SearchIcon from '@mui/icons-material/Search';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate, formatMoney } from '../../../lib/format';
import { hasErrorCode } from '../../../lib/http';
import { i18n } from '../../../i18n';
import { useInvoicesT } from '../i18n';
import { useBillableProjects } from '../api/list-billable-projects';
import { useInvoices, type InvoiceFilters } from '../api/list-invoices';
import { InvoicesForbidden } from './invoices-forbidden';
import { InvoiceStatusChip } from './invoice-status-chip';
import { PayButton } from './pay-button';

type InvoiceListProps = {
  title: string;
  subtitle?: ReactNode;
  /** `client`: the caller's own invoices with Pay; `staff`: every invoice, with filters. */
  variant: 'client' | 'staff';
  getDetailPath: (id: string) => string;
  /** Only this project's invoices (a project screen); hides the project column and filter. */
  projectId?: string;
  /** Beside the title; given the filters on screen when it acts on what the list shows (the CSV export). */
  action?: ReactNode | ((filters: InvoiceFilters) => ReactNode);
  /** Above the list, inside its card (a project's billing settings). */
  toolbar?: ReactNode;
  emptyText?: ReactNode;
  'data-testid'?: string;
};

export function invoiceColumns(
  variant: InvoiceListProps['variant'],
  getDetailPath: (id: string) => string,
  showProject: boolean,
): DataColumn<InvoiceListItem>[] {
  const t = i18n.getFixedT(null, 'invoices');
  const columns: (DataColumn<InvoiceListItem> | false)[] = [
    {
      id: 'number',
      header: t('list.columns.invoice'),
      cell: (invoice) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.75, rowGap: 0.25 }}>
          <Link component={RouterLink} to={getDetailPath(invoice.id)} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="invoice-link">
            {invoice.invoice_no}
          </Link>
          {invoice.kind === 'deposit' && (
            <Box component="span" sx={{ fontSize: 12, color: 'text.secondary', whiteSpace: 'nowrap' }}>
              {t('list.deposit')}
            </Box>
          )}
          {invoice.needs_attention && (
            <Tooltip title={invoice.attention_note ?? t('list.attention')}>
              <WarningAmberIcon color="warning" fontSize="small" aria-label={t('list.needsAttention')} data-testid="invoice-attention" />
            </Tooltip>
          )}
        </Box>
      ),
      minWidth: 205,
      card: 'title',
    },
    { id: 'status', header: t('list.columns.status'), cell: (invoice) => <InvoiceStatusChip invoice={invoice} />, minWidth: 150, card: 'aside' },
    showProject && {
      id: 'project',
      header: t('list.columns.project'),
      cell: (invoice) => invoice.project_title ?? t('list.noProject'),
      priority: 3,
      minWidth: 160,
      cellSx: { overflowWrap: 'anywhere' },
    },
    variant === 'staff' && { id: 'client', header: t('list.columns.client'), cell: (invoice) => invoice.client.name, priority: 2, minWidth: 130 },
    {
      id: 'total',
      header: t('list.columns.total'),
      align: 'right',
      cell: (invoice) => formatMoney(invoice.total, invoice.currency),
      priority: 4,
      minWidth: 110,
      cellSx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    },
    {
      id: 'due',
      header: t('list.columns.amountDue'),
      align: 'right',
      cell: (invoice) => (
        <Box component="span" data-testid="invoice-amount-due">
          {formatMoney(invoice.amount_due, invoice.currency)}
        </Box>
      ),
      minWidth: 120,
      cellSx: { whiteSpace: 'nowrap', fontWeight: 700, fontVariantNumeric: 'tabular-nums' },
    },
    {
      id: 'due-date',
      header: t('list.columns.due'),
      cell: (invoice) => formatDate(invoice.due_date),
      priority: 3,
      minWidth: 115,
      cellSx: { whiteSpace: 'nowrap' },
    },
    variant === 'client' && {
      id: 'pay',
      header: t('list.columns.pay'),
      isHeaderHidden: true,
      align: 'right',
      cell: (invoice) => (isPayable(invoice.status) && invoice.amount_due > 0 ? <PayButton invoice={invoice} size="small" /> : null),
      minWidth: 150,
      card: 'actions',
    },
  ];
  return columns.filter((c): c is DataColumn<InvoiceListItem> => Boolean(c));
}

/** Invoices in the responsive table (cards on a phone), newest first; "Load more" pages. */
export function InvoiceList({
  title,
  subtitle,
  variant,
  getDetailPath,
  projectId,
  action,
  toolbar,
  emptyText,
  'data-testid': testId = 'invoice-list',
}: InvoiceListProps) {
  const { t } = useInvoicesT();
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [project, setProject] = useState('');
  const [client, setClient] = useState('');
  const [attention, setAttention] = useState(false);
  const isStaff = variant === 'staff';
  const projects = useBillableProjects(isStaff && !projectId);
  const clients = useMemo(() => {
    const seen = new Map<string, string>();
    for (const p of projects.data ?? []) seen.set(p.client.id, p.client.name);
    return [...seen].sort((a, b) => a[1].localeCompare(b[1]));
  }, [projects.data]);

  const filters: InvoiceFilters = {
    status: status || undefined,
    project_id: projectId ?? (project || undefined),
    client_id: client || undefined,
    attention: attention ? 'true' : undefined,
  };
  const invoices = useInvoices(filters);
  const items = invoices.data?.pages.flatMap((page) => page.items) ?? [];
  const isFiltered = Boolean(status || project || client || attention);

  const filterBar = isStaff && !projectId && (
    <Box
      sx={{
        px: { xs: 2, sm: 3 },
        py: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
        maxWidth: 900,
      }}
    >
      <TextField
        size="small"
        select
        label={t('list.status')}
        value={attention ? 'attention' : status}
        onChange={(event) => {
          const value = event.target.value;
          setAttention(value === 'attention');
          setStatus(value === 'attention' ? '' : (value as InvoiceStatus | ''));
        }}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'invoice-status-filter' } as object },
        }}
      >
        <MenuItem value="">{t('list.allStatuses')}</MenuItem>
        {INVOICE_STATUSES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`status.${value}`)}
          </MenuItem>
        ))}
        <MenuItem value="attention">{t('list.needsAttention')}</MenuItem>
      </TextField>
      <TextField
        size="small"
        select
        label={t('list.client')}
        value={client}
        onChange={(event) => setClient(event.target.value)}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'invoice-client-filter' } as object },
        }}
      >
        <MenuItem value="">{t('list.allClients')}</MenuItem>
        {clients.map(([id, name]) => (
          <MenuItem key={id} value={id}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        select
        label={t('list.project')}
        value={project}
        onChange={(event) => setProject(event.target.value)}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'invoice-project-filter' } as object },
        }}
      >
        <MenuItem value="">{t('list.allProjects')}</MenuItem>
        {(projects.data ?? [])
          .filter((p) => !client || p.client.id === client)
          .map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.title}
            </MenuItem>
          ))}
      </TextField>
    </Box>
  );

  // A company's member: invoices are not theirs to see (the list's 403).
  if (variant === 'client' && hasErrorCode(invoices.error, 'FORBIDDEN')) return <InvoicesForbidden />;

  const empty = isFiltered ? (
    <ListEmpty icon={<SearchIcon />} title={t('list.noMatches')}>
      {t('list.noMatchesText')}
    </ListEmpty>
  ) : (
    <ListEmpty icon={<ReceiptLongOutlinedIcon />} title={t('list.empty')}>
      {emptyText}
    </ListEmpty>
  );

  return (
    <SectionCard title={title} subtitle={subtitle} action={typeof action === 'function' ? action(filters) : action} data-testid={testId}>
      {toolbar}
      {filterBar}
      <Box sx={{ opacity: invoices.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <DataTable
          columns={invoiceColumns(variant, getDetailPath, !projectId)}
          rows={items}
          getRowId={(invoice) => invoice.id}
          label={t('list.tableLabel', { title })}
          isLoading={invoices.isPending}
          loadingLabel={t('list.loading')}
          error={invoices.isError ? invoices.error : undefined}
          onRetry={() => void invoices.refetch()}
          empty={empty}
          getRowAttributes={(invoice) => ({ 'data-invoice-id': invoice.id, 'data-invoice-no': invoice.invoice_no })}
          rowTestId="invoice-row"
        />
      </Box>
      <LoadMore hasMore={invoices.hasNextPage} isLoading={invoices.isFetchingNextPage} onLoadMore={() => invoices.fetchNextPage()} />
    </SectionCard>
  );
}
