import type { Account } from '@agency/schema';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState, type ReactNode } from 'react';
import { notify } from '../../../lib/notify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useAccounts, type AccountAudience } from '../api/list-accounts';
import { useSetAccountStatus } from '../api/set-account-status';
import { Trans } from 'react-i18next';
import { useCommonT } from '../../../i18n';
import { useAdminsT } from '../i18n';

function StatusChip({ status }: { status: Account['status'] }) {
  const { t } = useAdminsT();
  return status === 'active' ? (
    <Chip label={t('status.active')} color="success" size="small" variant="outlined" data-testid="status-chip" />
  ) : (
    <Chip label={t('status.disabled')} size="small" data-testid="status-chip" />
  );
}

type StatusButtonProps = { account: Account; isPending: boolean; onDisable: (a: Account) => void; onEnable: (a: Account) => void };

function StatusButton({ account, isPending, onDisable, onEnable }: StatusButtonProps) {
  const { t } = useAdminsT();
  return account.status === 'active' ? (
    <Button
      size="small"
      variant="outlined"
      color="error"
      onClick={() => onDisable(account)}
      loading={isPending}
      aria-label={t('disableOne', { name: account.name })}
    >
      {t('disable')}
    </Button>
  ) : (
    <Button
      size="small"
      variant="outlined"
      color="success"
      onClick={() => onEnable(account)}
      loading={isPending}
      aria-label={t('enableOne', { name: account.name })}
    >
      {t('enable')}
    </Button>
  );
}

type AdminAccountsProps = {
  audience?: AccountAudience;
  /** Another action for each row, beside disable / enable (the employees' cost rate, say). */
  rowAction?: (account: Account) => ReactNode;
};

/** Accounts of one audience (admins, or employees with their role) with disable / enable. */
export function AdminAccounts({ audience = 'admin', rowAction }: AdminAccountsProps) {
  const { t } = useAdminsT();
  const { t: common } = useCommonT();
  const accounts = useAccounts(audience);
  const copy = t(`audience.${audience}`, { returnObjects: true });
  const showRole = audience === 'employee';
  const setStatus = useSetAccountStatus();
  const [toDisable, setToDisable] = useState<Account | null>(null);

  const items = accounts.data?.pages.flatMap((page) => page.items) ?? [];
  const pendingId = setStatus.isPending ? setStatus.variables?.id : undefined;

  function handleEnable(account: Account) {
    setStatus.mutate(
      { id: account.id, status: 'active' },
      {
        onSuccess: () => notify.success(t('enabled', { name: account.name })),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  }

  function handleConfirmDisable() {
    if (!toDisable) return;
    const account = toDisable;
    setStatus.mutate(
      { id: account.id, status: 'disabled' },
      {
        onSuccess: () => {
          notify.success(t('wasDisabled', { name: account.name }));
          setToDisable(null);
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  }

  const columns: DataColumn<Account>[] = [
    { id: 'name', header: t('columns.name'), cell: (account) => account.name, minWidth: 160, card: 'title', cellSx: { fontWeight: 600 } },
    { id: 'email', header: t('columns.email'), cell: (account) => account.email, minWidth: 200, priority: 2, cellSx: { overflowWrap: 'anywhere' } },
    ...(showRole
      ? [{ id: 'role', header: t('columns.role'), cell: (account: Account) => common(`roles.${account.role}`), minWidth: 130, priority: 3 }]
      : []),
    { id: 'status', header: t('columns.status'), cell: (account) => <StatusChip status={account.status} />, minWidth: 110, card: 'aside' },
    {
      id: 'joined',
      header: t('columns.joined'),
      cell: (account) => formatDate(account.created_at),
      minWidth: 120,
      priority: 4,
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'action',
      header: t('columns.action'),
      align: 'right',
      cell: (account) => (
        <Box sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {rowAction?.(account)}
          <StatusButton account={account} isPending={pendingId === account.id} onDisable={setToDisable} onEnable={handleEnable} />
        </Box>
      ),
      minWidth: rowAction ? 220 : 120,
      card: 'actions',
    },
  ];

  return (
    <SectionCard title={copy.title} subtitle={copy.subtitle} data-testid={`${audience}-accounts`}>
      <DataTable
        columns={columns}
        rows={items}
        getRowId={(account) => account.id}
        label={copy.list}
        isLoading={accounts.isPending}
        loadingLabel={copy.loading}
        error={accounts.isError ? accounts.error : undefined}
        onRetry={() => void accounts.refetch()}
        empty={
          <ListEmpty icon={<GroupOutlinedIcon />} title={copy.empty}>
            {copy.emptyText}
          </ListEmpty>
        }
        data-testid={`${audience}s-table`}
        rowTestId={audience === 'admin' ? 'admin-row' : 'employee-row'}
      />
      <LoadMore hasMore={accounts.hasNextPage} isLoading={accounts.isFetchingNextPage} onLoadMore={() => accounts.fetchNextPage()} />
      <ConfirmDialog
        open={toDisable !== null}
        title={copy.disableTitle}
        confirmLabel={t('disable')}
        isPending={setStatus.isPending}
        onConfirm={handleConfirmDisable}
        onClose={() => setToDisable(null)}
      >
        <Trans t={t} i18nKey="disableText" values={{ name: toDisable?.name, email: toDisable?.email }} components={{ strong: <strong /> }} />
      </ConfirmDialog>
    </SectionCard>
  );
}
