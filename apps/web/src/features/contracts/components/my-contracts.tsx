import type { ContractListItem } from '@agency/schema';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useContracts, type ContractFilters } from '../api/list-contracts';
import { ContractStatusChip } from './contract-status-chip';

type ContractListProps = {
  title: string;
  subtitle?: ReactNode;
  /** Beside the title, e.g. a link to the full list. */
  action?: ReactNode;
  filters: ContractFilters;
  /** Which of the loaded contracts to show (for example: only other people's). */
  include?: (contract: ContractListItem) => boolean;
  getOpenPath: (id: string) => string;
  emptyTitle: string;
  emptyText?: ReactNode;
  showSigner?: boolean;
  'data-testid'?: string;
};

function subtitleOf(contract: ContractListItem, showSigner: boolean) {
  const when =
    contract.status === 'signed' && contract.signed_at
      ? `Signed ${formatDate(contract.signed_at)}`
      : contract.status === 'sent' && contract.expires_at
        ? `Sign by ${formatDate(contract.expires_at)}`
        : contract.sent_at
          ? `Sent ${formatDate(contract.sent_at)}`
          : `Created ${formatDate(contract.created_at)}`;
  return [showSigner ? contract.signer.name : null, contract.project_title, when].filter(Boolean).join(' · ');
}

/** A person's contracts as a simple list that reads well on a phone: title, project, status, one action. */
export function ContractList({
  title,
  subtitle,
  action,
  filters,
  include,
  getOpenPath,
  emptyTitle,
  emptyText,
  showSigner = false,
  'data-testid': testId = 'my-contracts',
}: ContractListProps) {
  const contracts = useContracts(filters);
  const items = (contracts.data?.pages.flatMap((page) => page.items) ?? []).filter((c) => (include ? include(c) : true));

  let body;
  if (contracts.isPending) body = <ListLoading label="Loading contracts..." />;
  else if (contracts.isError) body = <ListError message={errorMessage(contracts.error)} onRetry={() => contracts.refetch()} />;
  else if (items.length === 0)
    body = (
      <ListEmpty icon={<DescriptionOutlinedIcon />} title={emptyTitle}>
        {emptyText}
      </ListEmpty>
    );
  else
    body = (
      <List disablePadding>
        {items.map((contract) => (
          <ListItem
            key={contract.id}
            divider
            data-testid="contract-row"
            data-contract-id={contract.id}
            sx={{ px: { xs: 2, sm: 3 }, py: 1.5, gap: 2, flexWrap: 'wrap' }}
          >
            {/* A basis, not 0: in a narrow row (a phone, a side column) the actions wrap below the title instead of
                squeezing it to a letter a line. */}
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{contract.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {subtitleOf(contract, showSigner)}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
              <ContractStatusChip status={contract.status} />
              <Button
                component={RouterLink}
                to={getOpenPath(contract.id)}
                variant={contract.status === 'sent' && !showSigner ? 'contained' : 'outlined'}
                size="small"
                data-testid="contract-open"
              >
                {contract.status === 'sent' && !showSigner ? 'Review & sign' : 'Open'}
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
    );

  return (
    <SectionCard title={title} subtitle={subtitle} action={action} data-testid={testId}>
      {body}
      <LoadMore hasMore={Boolean(contracts.hasNextPage)} isLoading={contracts.isFetchingNextPage} onLoadMore={() => contracts.fetchNextPage()} />
    </SectionCard>
  );
}
