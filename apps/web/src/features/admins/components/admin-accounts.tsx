import { ROLE_LABELS, type Account } from '@agency/schema';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useAccounts, type AccountAudience } from '../api/list-accounts';
import { useSetAccountStatus } from '../api/set-account-status';

function StatusChip({ status }: { status: Account['status'] }) {
  return status === 'active' ? (
    <Chip label="Active" color="success" size="small" variant="outlined" data-testid="status-chip" />
  ) : (
    <Chip label="Disabled" size="small" data-testid="status-chip" />
  );
}

type StatusButtonProps = { account: Account; isPending: boolean; onDisable: (a: Account) => void; onEnable: (a: Account) => void };

function StatusButton({ account, isPending, onDisable, onEnable }: StatusButtonProps) {
  return account.status === 'active' ? (
    <Button
      size="small"
      variant="outlined"
      color="error"
      onClick={() => onDisable(account)}
      loading={isPending}
      aria-label={`Disable ${account.name}`}
    >
      Disable
    </Button>
  ) : (
    <Button
      size="small"
      variant="outlined"
      color="success"
      onClick={() => onEnable(account)}
      loading={isPending}
      aria-label={`Enable ${account.name}`}
    >
      Enable
    </Button>
  );
}

const COPY = {
  admin: {
    title: 'Admins',
    subtitle: 'Everyone with an admin account.',
    loading: 'Loading admins...',
    empty: 'No admins yet',
    disableTitle: 'Disable admin?',
  },
  employee: {
    title: 'Employees',
    subtitle: 'Team leads and team members.',
    loading: 'Loading employees...',
    empty: 'No employees yet',
    disableTitle: 'Disable employee?',
  },
} as const;

/** Accounts of one audience (admins, or employees with their role) with disable / enable. */
export function AdminAccounts({ audience = 'admin' }: { audience?: AccountAudience }) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const accounts = useAccounts(audience);
  const copy = COPY[audience];
  const showRole = audience === 'employee';
  const rowTestId = audience === 'admin' ? 'admin-row' : 'employee-row';
  const setStatus = useSetAccountStatus();
  const [toDisable, setToDisable] = useState<Account | null>(null);

  const items = accounts.data?.pages.flatMap((page) => page.items) ?? [];
  const pendingId = setStatus.isPending ? setStatus.variables?.id : undefined;

  function handleEnable(account: Account) {
    setStatus.mutate(
      { id: account.id, status: 'active' },
      {
        onSuccess: () => toast.success(`${account.name} can sign in again`),
        onError: (error) => toast.error(errorMessage(error)),
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
          toast.success(`${account.name} was disabled`);
          setToDisable(null);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  let body;
  if (accounts.isPending) {
    body = <ListLoading label={copy.loading} />;
  } else if (accounts.isError) {
    body = <ListError message={errorMessage(accounts.error)} onRetry={() => accounts.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <ListEmpty icon={<GroupOutlinedIcon />} title={copy.empty}>
        {copy.title} appear here once they accept their invitation.
      </ListEmpty>
    );
  } else if (isPhone) {
    body = (
      <Stack spacing={1.5} sx={{ p: 2 }} data-testid={`${audience}s-list`}>
        {items.map((account) => (
          <Card key={account.id} sx={{ p: 2 }} data-testid={rowTestId}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{account.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {account.email}
                </Typography>
                {showRole && (
                  <Typography variant="body2" color="text.secondary">
                    {ROLE_LABELS[account.role]}
                  </Typography>
                )}
              </Box>
              <StatusChip status={account.status} />
            </Stack>
            <Stack direction="row" sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2" color="text.secondary">
                Joined {formatDate(account.created_at)}
              </Typography>
              <StatusButton account={account} isPending={pendingId === account.id} onDisable={setToDisable} onEnable={handleEnable} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ minWidth: 600 }} data-testid={`${audience}s-table`} aria-label={copy.title}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>E-mail</TableCell>
              {showRole && <TableCell>Role</TableCell>}
              <TableCell>Status</TableCell>
              <TableCell>Joined</TableCell>
              <TableCell align="right">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((account) => (
              <TableRow key={account.id} hover data-testid={rowTestId}>
                <TableCell sx={{ fontWeight: 600 }}>{account.name}</TableCell>
                <TableCell>{account.email}</TableCell>
                {showRole && <TableCell>{ROLE_LABELS[account.role]}</TableCell>}
                <TableCell>
                  <StatusChip status={account.status} />
                </TableCell>
                <TableCell>{formatDate(account.created_at)}</TableCell>
                <TableCell align="right">
                  <StatusButton account={account} isPending={pendingId === account.id} onDisable={setToDisable} onEnable={handleEnable} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <SectionCard title={copy.title} subtitle={copy.subtitle} data-testid={`${audience}-accounts`}>
      {body}
      <LoadMore hasMore={accounts.hasNextPage} isLoading={accounts.isFetchingNextPage} onLoadMore={() => accounts.fetchNextPage()} />
      <ConfirmDialog
        open={toDisable !== null}
        title={copy.disableTitle}
        confirmLabel="Disable"
        isPending={setStatus.isPending}
        onConfirm={handleConfirmDisable}
        onClose={() => setToDisable(null)}
      >
        <strong>{toDisable?.name}</strong> ({toDisable?.email}) will be signed out and will not be able to log in until you enable the account again.
      </ConfirmDialog>
    </SectionCard>
  );
}
