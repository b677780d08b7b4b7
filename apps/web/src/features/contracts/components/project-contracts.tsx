import { isStaffRole, type Role } from '@agency/schema';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { notify } from '../../../lib/notify';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { useContracts } from '../api/list-contracts';
import { useContractsT } from '../i18n';
import { ContractStatusChip } from './contract-status-chip';
import { NewContractDialog, type ContractProject } from './new-contract-dialog';

type ProjectContractsProps = { project: ContractProject; role: Role; getOpenPath: (id: string) => string };

/** The project's contracts that the reader may see, with their status; staff can add one. */
export function ProjectContracts({ project, role, getOpenPath }: ProjectContractsProps) {
  const { t } = useContractsT();
  const contracts = useContracts({ project_id: project.id }, 50);
  const [isCreating, setIsCreating] = useState(false);
  const items = contracts.data?.pages.flatMap((page) => page.items) ?? [];
  const isStaff = isStaffRole(role);

  return (
    <SectionCard
      title={t('project.title')}
      subtitle={isStaff ? t('project.staffSubtitle') : t('project.subtitle')}
      action={
        isStaff ? (
          <Button startIcon={<AddIcon />} onClick={() => setIsCreating(true)} data-testid="new-contract">
            {t('project.new')}
          </Button>
        ) : undefined
      }
      data-testid="project-contracts"
    >
      {contracts.isPending ? (
        <ListLoading label={t('loading.contracts')} />
      ) : contracts.isError ? (
        <ListError message={errorMessage(contracts.error)} onRetry={() => contracts.refetch()} />
      ) : items.length === 0 ? (
        <ListItemText sx={{ px: { xs: 2, sm: 3 }, py: 2, color: 'text.secondary' }}>{t('project.none')}</ListItemText>
      ) : (
        <List disablePadding>
          {items.map((c) => (
            <ListItem key={c.id} divider sx={{ px: { xs: 2, sm: 3 }, gap: 2 }} data-testid="project-contract" data-status={c.status}>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={getOpenPath(c.id)} sx={{ fontWeight: 700 }}>
                    {c.title}
                  </Link>
                }
                secondary={`${t(`kind.${c.kind}`)} · ${c.signer.name}`}
              />
              <ContractStatusChip status={c.status} />
            </ListItem>
          ))}
        </List>
      )}
      {isCreating && (
        <NewContractDialog
          project={project}
          onClose={() => setIsCreating(false)}
          onDone={() => {
            setIsCreating(false);
            notify.success(t('project.created'));
          }}
        />
      )}
    </SectionCard>
  );
}
