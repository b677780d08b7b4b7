import type { ContractListItem } from '@agency/schema';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { TextLink } from '../../../components/text-link';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useContracts, type ContractFilters } from '../api/list-contracts';
import { useContractsT } from '../i18n';
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
  /**
   * The person reading the list: a contract someone else signs (a colleague of a client's company) names its signer
   * and is opened, not signed.
   */
  viewerId?: string;
  /** An empty list as one line (a dashboard's side panel) instead of a block with an icon. */
  denseEmpty?: boolean;
  /**
   * At most `count`, with a link to the whole list (`allPath`) instead of "Load more", and without the status chip:
   * a dashboard's panel of contracts to sign, which all have one status.
   */
  max?: { count: number; allPath: string };
  'data-testid'?: string;
};

function subtitleOf(t: TFunction<'contracts'>, contract: ContractListItem, showSigner: boolean) {
  const when =
    contract.status === 'signed' && contract.signed_at
      ? t('list.signedOn', { date: formatDate(contract.signed_at) })
      : contract.status === 'sent' && contract.expires_at
        ? t('list.signBy', { date: formatDate(contract.expires_at) })
        : contract.sent_at
          ? t('list.sentOn', { date: formatDate(contract.sent_at) })
          : t('list.createdOn', { date: formatDate(contract.created_at) });
  return [showSigner ? contract.signer.name : null, contract.project_title, when].filter(Boolean).join(' · ');
}

type ContractRowProps = {
  contract: ContractListItem;
  to: string;
  showSigner?: boolean;
  /** See ContractList's `viewerId`. */
  viewerId?: string;
  /** Off in a list of contracts to sign, where every one awaits a signature. */
  showStatus?: boolean;
};

/** One contract in a list: title, project and date, its status, and Review & sign (or Open). */
export function ContractRow({ contract, to, showSigner = false, viewerId, showStatus = true }: ContractRowProps) {
  const { t } = useContractsT();
  const isSomeoneElses = viewerId !== undefined && contract.signer.id !== viewerId;
  const toSign = contract.status === 'sent' && !showSigner && !isSomeoneElses;
  return (
    <ListItem divider data-testid="contract-row" data-contract-id={contract.id} sx={{ px: { xs: 2, sm: 3 }, py: 1.5, gap: 2, flexWrap: 'wrap' }}>
      {/* A basis, not 0: in a narrow row (a phone, a side column) the actions wrap below the title instead of
          squeezing it to a letter a line. */}
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{contract.title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {subtitleOf(t, contract, showSigner || isSomeoneElses)}
        </Typography>
      </Box>
      {/* Never wider than the row: a long status and action (German's) go onto two lines instead of past the card. */}
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexShrink: 0, flexWrap: 'wrap', rowGap: 1, maxWidth: '100%' }}>
        {showStatus && <ContractStatusChip status={contract.status} />}
        <Button component={RouterLink} to={to} variant={toSign ? 'contained' : 'outlined'} size="small" data-testid="contract-open">
          {toSign ? t('list.reviewAndSign') : t('list.open')}
        </Button>
      </Stack>
    </ListItem>
  );
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
  viewerId,
  denseEmpty = false,
  max,
  'data-testid': testId = 'my-contracts',
}: ContractListProps) {
  const { t } = useContractsT();
  const contracts = useContracts(filters, max?.count);
  const items = (contracts.data?.pages.flatMap((page) => page.items) ?? []).filter((c) => (include ? include(c) : true));

  let body;
  if (contracts.isPending) body = <ListLoading label={t('loading.contracts')} />;
  else if (contracts.isError) body = <ListError message={errorMessage(contracts.error)} onRetry={() => contracts.refetch()} />;
  else if (items.length === 0)
    body = (
      <ListEmpty icon={<DescriptionOutlinedIcon />} title={emptyTitle} dense={denseEmpty}>
        {emptyText}
      </ListEmpty>
    );
  else
    body = (
      <List disablePadding>
        {items.map((contract) => (
          <ContractRow
            key={contract.id}
            contract={contract}
            to={getOpenPath(contract.id)}
            showSigner={showSigner}
            viewerId={viewerId}
            showStatus={max === undefined}
          />
        ))}
      </List>
    );

  return (
    <SectionCard title={title} subtitle={subtitle} action={action} data-testid={testId}>
      {body}
      {max === undefined ? (
        <LoadMore hasMore={Boolean(contracts.hasNextPage)} isLoading={contracts.isFetchingNextPage} onLoadMore={() => contracts.fetchNextPage()} />
      ) : (
        contracts.hasNextPage && (
          <Box sx={{ px: { xs: 2, sm: 3 }, py: 1.5 }}>
            <TextLink to={max.allPath} sx={{ fontSize: '0.875rem' }}>
              {t('list.moreInAll')}
            </TextLink>
          </Box>
        )
      )}
    </SectionCard>
  );
}
