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
import { useCompanies, type CompanyListItem } from '../api/list-companies';

const SEARCH_DEBOUNCE_MS = 300;

/** "2 open · £1,500.00" (one amount per currency), or "None". */
export function openInvoicesText(company: Pick<CompanyListItem, 'open_invoices_count' | 'open_invoices_total'>): string {
  if (company.open_invoices_count === 0) return 'None';
  const totals = company.open_invoices_total.map((total) => formatMoney(total.amount, total.currency));
  return [`${company.open_invoices_count} open`, ...totals].join(' · ');
}

function ExportButton({ q }: { q: string }) {
  const exporting = useExportCompanies();
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlinedIcon />}
      loading={exporting.isPending}
      onClick={() => exporting.mutate(q, { onError: (error) => notify.error(errorMessage(error)) })}
      data-testid="export-companies"
    >
      Export CSV
    </Button>
  );
}

/** Every client company with its people, projects, open invoices and last activity; search by name; CSV export. */
export function CompaniesList({ getDetailPath }: { getDetailPath: (id: string) => string }) {
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
      header: 'Company',
      cell: (company) => (
        <Link component={RouterLink} to={getDetailPath(company.id)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="company-link">
          {company.name}
        </Link>
      ),
      minWidth: 200,
      card: 'title',
    },
    { id: 'people', header: 'People', align: 'right', cell: (company) => company.people_count, minWidth: 90, priority: 3 },
    { id: 'projects', header: 'Projects', align: 'right', cell: (company) => company.projects_count, minWidth: 90, priority: 3 },
    {
      id: 'open-invoices',
      header: 'Open invoices',
      cell: (company) => (
        <Box component="span" data-testid="company-open-invoices">
          {openInvoicesText(company)}
        </Box>
      ),
      minWidth: 170,
      cellSx: { fontVariantNumeric: 'tabular-nums' },
    },
    {
      id: 'activity',
      header: 'Last activity',
      cell: (company) => (company.last_activity_at ? formatDate(company.last_activity_at) : '—'),
      minWidth: 130,
      priority: 2,
      cellSx: { whiteSpace: 'nowrap' },
    },
  ];

  return (
    <SectionCard title="Companies" subtitle="Search by company name." action={<ExportButton q={q} />} data-testid="companies-list">
      <Box sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
        <SearchField
          label="Search"
          placeholder="Company name"
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
          label="Client companies"
          isLoading={companies.isPending}
          loadingLabel="Loading companies..."
          error={companies.isError ? companies.error : undefined}
          onRetry={() => void companies.refetch()}
          empty={
            q ? (
              <ListEmpty icon={<SearchIcon />} title="No matching companies">
                Try another name.
              </ListEmpty>
            ) : (
              <ListEmpty icon={<BusinessOutlinedIcon />} title="No clients yet">
                Companies appear here when clients sign up.
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
