import { PROJECT_STATUSES, type ProjectListItem, type ProjectStatus } from '@agency/schema';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { FilterSelect, SearchField } from '../../../components/list-filters';
import { ListEmpty, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { i18n, useCommonT } from '../../../i18n';
import { formatDate, formatMoney } from '../../../lib/format';
import { useProjects } from '../api/list-projects';
import { useProjectsT } from '../i18n';
import { ProjectStatusChip } from './project-status-chip';

const SEARCH_DEBOUNCE_MS = 300;

type ProjectListProps = {
  title: string;
  subtitle?: ReactNode;
  getDetailPath: (id: string) => string;
  showClient?: boolean;
  showTeamLead?: boolean;
  /** The budget column; off for a company's members, who see no amounts (their answers carry none). */
  showBudget?: boolean;
  renderActions?: (project: ProjectListItem) => ReactNode;
  emptyTitle?: string;
  emptyText?: ReactNode;
  action?: ReactNode;
  /** Shows the search and status filter only when there are more projects than this (or a filter is in use). */
  filtersFrom?: number;
  'data-testid'?: string;
};

function ProjectLink({ project, to }: { project: ProjectListItem; to: string }) {
  return (
    <Link component={RouterLink} to={to} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="project-link">
      {project.title}
    </Link>
  );
}

type ColumnOptions = Pick<ProjectListProps, 'getDetailPath' | 'showClient' | 'showTeamLead' | 'showBudget' | 'renderActions'>;

/** Title, status and the actions are essential; then client, budget, team lead, deadline and submission date. */
export function projectColumns({
  getDetailPath,
  showClient,
  showTeamLead,
  showBudget = true,
  renderActions,
}: ColumnOptions): DataColumn<ProjectListItem>[] {
  const columns: (DataColumn<ProjectListItem> | false | undefined)[] = [
    {
      id: 'project',
      header: i18n.t('projects:list.columns.project'),
      cell: (project) => <ProjectLink project={project} to={getDetailPath(project.id)} />,
      minWidth: 180,
      card: 'title',
      cellSx: { maxWidth: 300 },
    },
    showClient && {
      id: 'client',
      header: i18n.t('projects:list.columns.client'),
      cell: (project) => project.client.name,
      priority: 2,
      minWidth: 130,
    },
    showTeamLead && {
      id: 'team-lead',
      header: i18n.t('projects:list.columns.teamLead'),
      cell: (project) => project.team_lead?.name ?? '—',
      priority: 4,
      minWidth: 130,
    },
    {
      id: 'status',
      header: i18n.t('projects:list.columns.status'),
      cell: (project) => <ProjectStatusChip status={project.status} />,
      minWidth: 160,
      card: 'aside',
    },
    showBudget && {
      id: 'budget',
      header: i18n.t('projects:list.columns.budget'),
      align: 'right',
      cell: (project) => formatMoney(project.budget_minor, project.currency),
      priority: 3,
      minWidth: 110,
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'deadline',
      header: i18n.t('projects:list.columns.deadline'),
      cell: (project) => (project.deadline ? formatDate(project.deadline) : '—'),
      priority: 5,
      minWidth: 120,
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'submitted',
      header: i18n.t('projects:list.columns.submitted'),
      cell: (project) => formatDate(project.created_at),
      priority: 6,
      minWidth: 120,
      cellSx: { whiteSpace: 'nowrap' },
    },
    renderActions && {
      id: 'actions',
      header: i18n.t('projects:list.columns.actions'),
      align: 'right',
      cell: (project) => renderActions(project),
      minWidth: 240,
      card: 'actions',
      cellSx: { whiteSpace: 'nowrap' },
    },
  ];
  return columns.filter((column): column is DataColumn<ProjectListItem> => Boolean(column));
}

/** Projects with a search box and a status filter, in the responsive table; "Load more" pages. */
export function ProjectList({
  title,
  subtitle,
  getDetailPath,
  showClient = false,
  showTeamLead = false,
  showBudget = true,
  renderActions,
  emptyTitle,
  emptyText,
  action,
  filtersFrom,
  'data-testid': testId = 'project-list',
}: ProjectListProps) {
  const { t } = useProjectsT();
  const { t: common } = useCommonT();
  const statusOptions = [
    { value: '', label: t('list.allStatuses') },
    ...PROJECT_STATUSES.map((value) => ({ value, label: common(`projectStatus.${value}`) })),
  ];
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<ProjectStatus | ''>('');

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const projects = useProjects({ q: q || undefined, status: status || undefined });
  const items = projects.data?.pages.flatMap((page) => page.items) ?? [];
  const isFiltered = q !== '' || status !== '';
  const showFilters = filtersFrom === undefined || isFiltered || search !== '' || items.length > filtersFrom || Boolean(projects.hasNextPage);

  const filters = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
      <SearchField
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        value={search}
        onChange={setSearch}
        inputProps={{ 'data-testid': 'project-search', maxLength: 100 }}
      />
      <FilterSelect
        label={t('list.status')}
        value={status}
        onChange={(value) => setStatus(value as ProjectStatus | '')}
        options={statusOptions}
        sx={{ minWidth: { sm: 200 }, width: { xs: '100%', sm: 'auto' } }}
        inputProps={{ 'data-testid': 'project-status-filter' }}
      />
    </Stack>
  );

  const columns = projectColumns({ getDetailPath, showClient, showTeamLead, showBudget, renderActions });
  const emptyState = isFiltered ? (
    <ListEmpty icon={<SearchIcon />} title={t('list.noMatch')}>
      {t('list.noMatchText')}
    </ListEmpty>
  ) : (
    <ListEmpty icon={<FolderOpenOutlinedIcon />} title={emptyTitle ?? t('list.emptyTitle')}>
      {emptyText}
    </ListEmpty>
  );

  return (
    <SectionCard title={title} subtitle={subtitle} action={action} data-testid={testId}>
      {showFilters && filters}
      <Box sx={{ opacity: projects.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <DataTable
          columns={columns}
          rows={items}
          getRowId={(project) => project.id}
          label={t('list.tableLabel', { title })}
          isLoading={projects.isPending}
          loadingLabel={t('list.loading')}
          error={projects.isError ? projects.error : undefined}
          onRetry={() => void projects.refetch()}
          empty={emptyState}
          getRowAttributes={(project) => ({ 'data-project-id': project.id })}
          rowTestId="project-row"
        />
      </Box>
      <LoadMore hasMore={projects.hasNextPage} isLoading={projects.isFetchingNextPage} onLoadMore={() => projects.fetchNextPage()} />
    </SectionCard>
  );
}
