import { percentDone, type ContractListItem } from '@agency/schema';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { useContracts } from '../api/list-contracts';
import { useContractsT } from '../i18n';
import { ContractStatusChip } from './contract-status-chip';

export type ProjectContractStatus = {
  projectId: string;
  projectTitle: string;
  signed: number;
  awaiting: number;
  /** Signed, awaiting and expired: a void contract was withdrawn and no longer counts. */
  total: number;
  contracts: ContractListItem[];
};

/** The team contracts grouped by project, the projects with someone still to sign first. */
export function groupByProject(contracts: ContractListItem[]): ProjectContractStatus[] {
  const projects = new Map<string, ProjectContractStatus>();
  for (const contract of contracts) {
    if (contract.status === 'void' || contract.status === 'draft') continue;
    let project = projects.get(contract.project_id);
    if (!project) {
      project = { projectId: contract.project_id, projectTitle: contract.project_title, signed: 0, awaiting: 0, total: 0, contracts: [] };
      projects.set(contract.project_id, project);
    }
    project.contracts.push(contract);
    project.total += 1;
    if (contract.status === 'signed') project.signed += 1;
    if (contract.status === 'sent') project.awaiting += 1;
  }
  return [...projects.values()].sort((a, b) => b.awaiting - a.awaiting);
}

/** The dashboard shows this many projects, those with someone still to sign first; the list screen has them all. */
const PROJECTS_SHOWN = 3;

type TeamContractStatusProps = {
  /** The lead: their own contracts are on their to-sign list, not among the team's. */
  leadId: string;
  getOpenPath: (id: string) => string;
  listPath: string;
};

/** For a team lead: per project they lead, how many of the team have signed their contract, and who has not. */
export function TeamContractStatus({ leadId, getOpenPath, listPath }: TeamContractStatusProps) {
  const { t } = useContractsT();
  const contracts = useContracts({ kind: 'team' }, 100);
  const items = (contracts.data?.pages.flatMap((page) => page.items) ?? []).filter((c) => c.signer.id !== leadId);
  const projects = groupByProject(items);
  const signed = projects.reduce((n, p) => n + p.signed, 0);
  const awaiting = projects.reduce((n, p) => n + p.awaiting, 0);

  let body;
  if (contracts.isPending) body = <ListLoading label={t('loading.teamContracts')} />;
  else if (contracts.isError) body = <ListError message={errorMessage(contracts.error)} onRetry={() => contracts.refetch()} />;
  else if (projects.length === 0)
    body = (
      <ListEmpty icon={<GroupsOutlinedIcon />} title={t('teamStatus.emptyTitle')} dense>
        {t('teamStatus.emptyText')}
      </ListEmpty>
    );
  else
    body = (
      <Stack divider={<Box sx={{ borderTop: '1px solid', borderColor: 'divider' }} />}>
        {projects.slice(0, PROJECTS_SHOWN).map((project) => (
          <Box
            key={project.projectId}
            sx={{ px: { xs: 2, sm: 3 }, py: 2 }}
            data-testid="team-contract-project"
            data-project-id={project.projectId}
            data-signed={project.signed}
            data-awaiting={project.awaiting}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography sx={{ fontWeight: 700, mr: 'auto', overflowWrap: 'anywhere' }}>{project.projectTitle}</Typography>
              <Chip
                size="small"
                label={t('teamStatus.signedOf', { signed: project.signed, total: project.total })}
                color={project.signed === project.total ? 'success' : 'default'}
                variant="outlined"
                data-testid="team-contract-signed"
              />
              {project.awaiting > 0 && (
                <Chip
                  size="small"
                  label={t('teamStatus.awaiting', { count: project.awaiting })}
                  color="warning"
                  data-testid="team-contract-awaiting"
                />
              )}
            </Stack>
            <LinearProgress
              variant="determinate"
              color="success"
              value={percentDone(project.signed, project.total)}
              sx={{ mt: 1, mb: 1.5, height: 6, borderRadius: 3 }}
              aria-label={t('teamStatus.progress', { project: project.projectTitle, signed: project.signed, total: project.total })}
            />
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {project.contracts.map((contract) => (
                <Stack
                  component="li"
                  key={contract.id}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                  data-testid="team-contract-person"
                  data-contract-id={contract.id}
                  data-status={contract.status}
                >
                  <Link component={RouterLink} to={getOpenPath(contract.id)} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {contract.signer.name}
                  </Link>
                  <ContractStatusChip status={contract.status} />
                </Stack>
              ))}
            </Stack>
          </Box>
        ))}
        {projects.length > PROJECTS_SHOWN && (
          <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, py: 1.5 }} data-testid="team-contract-more">
            {t('teamStatus.more', { count: projects.length - PROJECTS_SHOWN })}
          </Typography>
        )}
      </Stack>
    );

  return (
    <SectionCard
      title={t('teamStatus.title')}
      subtitle={projects.length > 0 ? t('teamStatus.subtitle', { signed, count: awaiting }) : t('teamStatus.subtitleEmpty')}
      action={
        <Button component={RouterLink} to={listPath} size="small">
          {t('teamStatus.all')}
        </Button>
      }
      data-testid="team-contract-status"
    >
      {body}
      <LoadMore hasMore={Boolean(contracts.hasNextPage)} isLoading={contracts.isFetchingNextPage} onLoadMore={() => contracts.fetchNextPage()} />
    </SectionCard>
  );
}
