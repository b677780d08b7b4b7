import { PROJECT_STATUSES, PROJECT_STATUS_LABELS, type ProjectListItem, type ProjectStatus } from '@agency/schema';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate, formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useProjects } from '../api/list-projects';
import { ProjectStatusChip } from './project-status-chip';

const SEARCH_DEBOUNCE_MS = 300;

type ProjectListProps = {
  title: string;
  subtitle?: ReactNode;
  getDetailPath: (id: string) => string;
  showClient?: boolean;
  showTeamLead?: boolean;
  renderActions?: (project: ProjectListItem) => ReactNode;
  emptyTitle?: string;
  emptyText?: ReactNode;
  action?: ReactNode;
  'data-testid'?: string;
};

function ProjectLink({ project, to }: { project: ProjectListItem; to: string }) {
  return (
    <Link component={RouterLink} to={to} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="project-link">
      {project.title}
    </Link>
  );
}

/** Projects with a search box and a status filter; a table on wide screens, cards on phones; "Load more" pages. */
export function ProjectList({
  title,
  subtitle,
  getDetailPath,
  showClient = false,
  showTeamLead = false,
  renderActions,
  emptyTitle = 'No projects yet',
  emptyText,
  action,
  'data-testid': testId = 'project-list',
}: ProjectListProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
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

  const filters = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
      <TextField
        size="small"
        type="search"
        label="Search"
        placeholder="Title or description"
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
          htmlInput: { 'data-testid': 'project-search', maxLength: 100 },
        }}
      />
      <TextField
        size="small"
        select
        label="Status"
        value={status}
        onChange={(event) => setStatus(event.target.value as ProjectStatus | '')}
        sx={{ minWidth: { sm: 200 }, width: { xs: '100%', sm: 'auto' } }}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'project-status-filter' } as object },
        }}
      >
        <MenuItem value="">All statuses</MenuItem>
        {PROJECT_STATUSES.map((value) => (
          <MenuItem key={value} value={value}>
            {PROJECT_STATUS_LABELS[value]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );

  let body;
  if (projects.isPending) {
    body = <ListLoading label="Loading projects..." />;
  } else if (projects.isError) {
    body = <ListError message={errorMessage(projects.error)} onRetry={() => projects.refetch()} />;
  } else if (items.length === 0) {
    body = isFiltered ? (
      <ListEmpty icon={<SearchIcon />} title="No matching projects">
        Try another search or status.
      </ListEmpty>
    ) : (
      <ListEmpty icon={<FolderOpenOutlinedIcon />} title={emptyTitle}>
        {emptyText}
      </ListEmpty>
    );
  } else if (isPhone) {
    body = (
      <Stack spacing={1.5} sx={{ p: 2, pt: 0 }}>
        {items.map((project) => (
          <Card key={project.id} sx={{ p: 2 }} data-testid="project-row" data-project-id={project.id}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>
                <ProjectLink project={project} to={getDetailPath(project.id)} />
                <Typography variant="body2" color="text.secondary">
                  {[showClient ? project.client.name : null, `Submitted ${formatDate(project.created_at)}`].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
              <ProjectStatusChip status={project.status} />
            </Stack>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {formatMoney(project.budget_minor, project.currency)}
              {project.deadline ? ` · due ${formatDate(project.deadline)}` : ''}
              {showTeamLead && project.team_lead ? ` · lead ${project.team_lead.name}` : ''}
            </Typography>
            {renderActions && <Box sx={{ mt: 1.5 }}>{renderActions(project)}</Box>}
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ minWidth: renderActions ? 980 : 720 }} aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>Project</TableCell>
              {showClient && <TableCell>Client</TableCell>}
              {showTeamLead && <TableCell>Team lead</TableCell>}
              <TableCell>Status</TableCell>
              <TableCell>Budget</TableCell>
              <TableCell>Deadline</TableCell>
              <TableCell>Submitted</TableCell>
              {renderActions && <TableCell align="right">Actions</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((project) => (
              <TableRow key={project.id} hover data-testid="project-row" data-project-id={project.id}>
                <TableCell sx={{ minWidth: 180, maxWidth: 300 }}>
                  <ProjectLink project={project} to={getDetailPath(project.id)} />
                </TableCell>
                {showClient && <TableCell sx={{ whiteSpace: 'nowrap' }}>{project.client.name}</TableCell>}
                {showTeamLead && <TableCell sx={{ whiteSpace: 'nowrap' }}>{project.team_lead?.name ?? '—'}</TableCell>}
                <TableCell>
                  <ProjectStatusChip status={project.status} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoney(project.budget_minor, project.currency)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{project.deadline ? formatDate(project.deadline) : '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(project.created_at)}</TableCell>
                {renderActions && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {renderActions(project)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <SectionCard title={title} subtitle={subtitle} action={action} data-testid={testId}>
      {filters}
      <Box sx={{ opacity: projects.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>{body}</Box>
      <LoadMore hasMore={projects.hasNextPage} isLoading={projects.isFetchingNextPage} onLoadMore={() => projects.fetchNextPage()} />
    </SectionCard>
  );
}
