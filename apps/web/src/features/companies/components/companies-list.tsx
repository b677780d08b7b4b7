import type { CompanyListItem } from '@agency/schema';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { SearchField } from '../../../components/list-filters';
import { ListEmpty, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate, formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useExportCompanies } from '../api/export-companies';
import { useCompanies } from '../api/list-companies';
import { useCompaniesT } from '../i18n';

const SEARCH_DEBOUNCE_MS = 300;

/** "2 open" over what they still ask, one amount per currency; or "None". */
function OpenInvoices({ company }: { company: CompanyListItem }) {
  const { t } = useCompaniesT();
  if (company.open_invoices_count === 0) return <span data-testid="company-open-invoices">{t('list.noOpenInvoices')}</span>;
  return (
    <Box component="span" sx={{ display: 'block' }} data-testid="company-open-invoices">
      <Box component="span" sx={{ display: 'block' }}>
        {t('list.openCount', { count: company.open_invoices_count })}
      </Box>
      <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {company.open_invoices_total.map((total, index) => (
          <Box component="span" key={total.currency} sx={{ whiteSpace: 'nowrap' }}>
            {index > 0 && ' · '}
            {formatMoney(total.amount, total.currency)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function ExportButton({ q }: { q: string }) {
  const { t } = useCompaniesT();
  const exporting = useExportCompanies();
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlinedIcon />}
      loading={exporting.isPending}
      onClick={() => exporting.mutate(q, { onError: (error) => notify.error(errorMessage(error)) })}
      data-testid="export-companies"
    >
      {t('list.export')}
    </Button>
  );
}

/** Every client company with its people, projects, open invoices and last activity; search by name; CSV export. */
export function CompaniesList({ getDetailPath }: { getDetailPath: (id: string) => string }) {
  const { t } = useCompaniesT();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const companies = useCompanies(q);
  const items = companies.data?.pages.flatMap((page) => page.items) ?? [];

  const columns: DataColumn<CompanyListItem>[] = [
    {
      id: 'company',
      header: t('columns.company'),
      cell: (company) => (
        <Link component={RouterLink} to={getDetailPath(company.id)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="company-link">
          {company.name}
        </Link>
      ),
      minWidth: 200,
      card: 'title',
    },
    { id: 'people', header: t('columns.people'), align: 'right', cell: (company) => company.people_count, minWidth: 90, priority: 3 },
    { id: 'projects', header: t('columns.projects'), align: 'right', cell: (company) => company.projects_count, minWidth: 90, priority: 3 },
    {
      id: 'open-invoices',
      header: t('columns.openInvoices'),
      cell: (company) => <OpenInvoices company={company} />,
      minWidth: 170,
      cellSx: { fontVariantNumeric: 'tabular-nums' },
    },
    {
      id: 'activity',
      header: t('columns.lastActivity'),
      cell: (company) => (company.last_activity_at ? formatDate(company.last_activity_at) : '—'),
      minWidth: 130,
      priority: 2,
      cellSx: { whiteSpace: 'nowrap' },
    },
  ];

  return (
    <SectionCard title={t('list.title')} subtitle={t('list.subtitle')} action={<ExportButton q={q} />} data-testid="companies-list">
      <Box sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
        <SearchField
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={setSearch}
          sx={{ width: { xs: '100%', sm: 320 } }}
          inputProps={{ 'data-testid': 'company-search', maxLength: 100 }}
        />
      </Box>
      <Box sx={{ opacity: companies.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <DataTable
          columns={columns}
          rows={items}
          getRowId={(company) => company.id}
          label={t('list.label')}
          isLoading={companies.isPending}
          loadingLabel={t('list.loading')}
          error={companies.isError ? companies.error : undefined}
          onRetry={() => void companies.refetch()}
          empty={
            q ? (
              <ListEmpty icon={<SearchIcon />} title={t('list.noMatches')}>
                {t('list.noMatchesText')}
              </ListEmpty>
            ) : (
              <ListEmpty icon={<BusinessOutlinedIcon />} title={t('list.none')}>
                {t('list.noneText')}
              </ListEmpty>
            )
          }
          getRowAttributes={(company) => ({ 'data-company-id': company.id })}
          rowTestId="company-row"
        />
      </Box>
      <LoadMore hasMore={companies.hasNextPage} isLoading={companies.isFetchingNextPage} onLoadMore={() => companies.fetchNextPage()} />
    </SectionCard>
  );
}
