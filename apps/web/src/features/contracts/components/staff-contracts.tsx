import { CONTRACT_KINDS, CONTRACT_STATUSES, type ContractKind, type ContractListItem, type ContractStatus, type Role } from '@agency/schema';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/format';
import { useContractCounts } from '../api/get-contract-counts';
import { useContracts, type ContractFilters } from '../api/list-contracts';
import { useProjectOptions } from '../api/list-project-options';
import { useContractsT } from '../i18n';
import { ContractActions } from './contract-actions';
import { ContractStatusChip } from './contract-status-chip';

const SEARCH_DEBOUNCE_MS = 300;

function lastStep(t: TFunction<'contracts'>, c: ContractListItem): string {
  if (c.signed_at) return t('list.signedOn', { date: formatDate(c.signed_at) });
  if (c.voided_at) return t('list.voidedOn', { date: formatDate(c.voided_at) });
  if (c.status === 'expired' && c.expires_at) return t('list.expiredOn', { date: formatDate(c.expires_at) });
  if (c.viewed_at) return t('list.openedOn', { date: formatDate(c.viewed_at) });
  if (c.sent_at) return t('list.sentOn', { date: formatDate(c.sent_at) });
  return t('list.createdOn', { date: formatDate(c.created_at) });
}

/**
 * The contract and its status and actions always show; the last step, the project and the signer (which tells two
 * team contracts of one project apart) hide in that order as the card narrows, and below 600 px each contract is
 * a card.
 */
function columnsFor(t: TFunction<'contracts'>, role: Role, getOpenPath: (id: string) => string): DataColumn<ContractListItem>[] {
  return [
    {
      id: 'contract',
      header: t('staff.columns.contract'),
      cell: (c) => (
        <>
          <Link component={RouterLink} to={getOpenPath(c.id)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="contract-link">
            {c.title}
          </Link>
          <Typography variant="caption" color="text.secondary" component="div">
            {t(`kind.${c.kind}`)}
          </Typography>
        </>
      ),
      minWidth: 170,
      card: 'title',
    },
    { id: 'signer', header: t('staff.columns.signer'), cell: (c) => c.signer.name, priority: 2, minWidth: 130, cellSx: { overflowWrap: 'anywhere' } },
    {
      id: 'project',
      header: t('staff.columns.project'),
      cell: (c) => (
        <>
          {c.project_title}
          <Typography variant="caption" color="text.secondary" component="div">
            {c.client.name}
          </Typography>
        </>
      ),
      priority: 3,
      minWidth: 170,
      cellSx: { overflowWrap: 'anywhere' },
    },
    { id: 'status', header: t('staff.columns.status'), cell: (c) => <ContractStatusChip status={c.status} />, minWidth: 150, card: 'aside' },
    {
      id: 'last-step',
      header: t('staff.columns.lastStep'),
      cell: (c) => lastStep(t, c),
      priority: 4,
      minWidth: 150,
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'actions',
      header: t('staff.columns.actions'),
      align: 'right',
      cell: (c) => <ContractActions contract={c} role={role} />,
      // The buttons wrap onto a second line rather than widen the column.
      minWidth: 230,
      card: 'actions',
    },
  ];
}

type StaffContractsProps = { role: Role; getOpenPath: (id: string) => string; initialProjectId?: string };

/** Every contract, for admins and the super admin: counts by status, filters, search, and the actions of each status. */
export function StaffContracts({ role, getOpenPath, initialProjectId }: StaffContractsProps) {
  const { t } = useContractsT();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<ContractStatus | ''>('');
  const [kind, setKind] = useState<ContractKind | ''>('');
  const [projectId, setProjectId] = useState(initialProjectId ?? '');
  const [clientId, setClientId] = useState('');
  const projects = useProjectOptions();

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const base: Omit<ContractFilters, 'status'> = {
    q: q || undefined,
    kind: kind || undefined,
    project_id: projectId || undefined,
    client_id: clientId || undefined,
  };
  const counts = useContractCounts(base);
  const contracts = useContracts({ ...base, status: status || undefined });
  const items = contracts.data?.pages.flatMap((page) => page.items) ?? [];
  const isFiltered = Boolean(q || status || kind || projectId || clientId);
  const clients = useMemo(() => {
    const seen = new Map<string, string>();
    for (const p of projects.data ?? []) seen.set(p.client.id, p.client.name);
    return [...seen].sort((a, b) => a[1].localeCompare(b[1]));
  }, [projects.data]);

  const columns = useMemo(() => columnsFor(t, role, getOpenPath), [t, role, getOpenPath]);

  const countChips = (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', px: { xs: 2, sm: 3 }, pt: 2 }}
      aria-label={t('staff.byStatus')}
      data-testid="contract-counts"
    >
      <Chip
        label={t('staff.all', { total: counts.data?.total ?? '…' })}
        color={status === '' ? 'primary' : 'default'}
        variant={status === '' ? 'filled' : 'outlined'}
        onClick={() => setStatus('')}
      />
      {CONTRACT_STATUSES.map((s) => (
        <Chip
          key={s}
          label={t('staff.statusCount', { status: t(`status.${s}`), total: counts.data?.counts[s] ?? '…' })}
          color={status === s ? 'primary' : 'default'}
          variant={status === s ? 'filled' : 'outlined'}
          onClick={() => setStatus(status === s ? '' : s)}
          data-testid={`count-${s}`}
        />
      ))}
    </Stack>
  );

  const filters = (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        px: { xs: 2, sm: 3 },
        py: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr 1.5fr 1.5fr' },
      }}
    >
      <TextField
        size="small"
        type="search"
        label={t('staff.search')}
        placeholder={t('staff.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { maxLength: 100, 'data-testid': 'contract-search' },
        }}
      />
      <TextField
        size="small"
        select
        label={t('staff.status')}
        value={status}
        onChange={(e) => setStatus(e.target.value as ContractStatus | '')}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('staff.allStatuses')}</MenuItem>
        {CONTRACT_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        select
        label={t('staff.kind')}
        value={kind}
        onChange={(e) => setKind(e.target.value as ContractKind | '')}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('staff.bothKinds')}</MenuItem>
        {CONTRACT_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {t(`kind.${k}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        select
        label={t('staff.project')}
        value={projectId}
        onChange={(e) => setProjectId(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('staff.allProjects')}</MenuItem>
        {initialProjectId && !(projects.data ?? []).some((p) => p.id === initialProjectId) && (
          <MenuItem value={initialProjectId}>{t('staff.projectNumber', { id: initialProjectId })}</MenuItem>
        )}
        {(projects.data ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.title}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        select
        label={t('staff.client')}
        value={clientId}
        onChange={(e) => setClientId(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('staff.allClients')}</MenuItem>
        {clients.map(([id, name]) => (
          <MenuItem key={id} value={id}>
            {name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );

  const empty = isFiltered ? (
    <ListEmpty icon={<SearchIcon />} title={t('staff.noMatches')}>
      {t('staff.noMatchesText')}
    </ListEmpty>
  ) : (
    <ListEmpty icon={<DescriptionOutlinedIcon />} title={t('staff.emptyTitle')}>
      {t('staff.emptyText')}
    </ListEmpty>
  );

  const body = (
    <DataTable
      columns={columns}
      rows={items}
      getRowId={(c) => c.id}
      label={t('staff.tableLabel')}
      isLoading={contracts.isPending}
      loadingLabel={t('loading.contracts')}
      error={contracts.isError ? contracts.error : undefined}
      onRetry={() => void contracts.refetch()}
      empty={empty}
      rowTestId="contract-row"
      getRowAttributes={(c) => ({ 'data-contract-id': c.id, 'data-status': c.status })}
      rowAlign="top"
    />
  );

  return (
    <SectionCard title={t('staff.title')} subtitle={t('staff.subtitle')} data-testid="staff-contracts">
      {countChips}
      {filters}
      {body}
      <LoadMore hasMore={Boolean(contracts.hasNextPage)} isLoading={contracts.isFetchingNextPage} onLoadMore={() => contracts.fetchNextPage()} />
    </SectionCard>
  );
}
