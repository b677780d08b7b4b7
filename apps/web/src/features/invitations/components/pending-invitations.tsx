import type { CreateInvitationResponse, Invitation } from '@agency/schema';
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyLinkField } from '../../../components/copy-link-field';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { usePendingInvitations, type InvitationAudience } from '../api/list-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { i18n } from '../../../i18n';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useInvitationsT } from '../i18n';

type InvitationActionsProps = {
  invitation: Invitation;
  isResending: boolean;
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
};

function InvitationActions({ invitation, isResending, onResend, onRevoke }: InvitationActionsProps) {
  const { t } = useInvitationsT();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button
        size="small"
        variant="outlined"
        onClick={() => onResend(invitation)}
        loading={isResending}
        aria-label={t('pending.resendLabel', { email: invitation.email })}
      >
        {t('pending.resend')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        onClick={() => onRevoke(invitation)}
        aria-label={t('pending.revokeLabel', { email: invitation.email })}
      >
        {t('pending.revoke')}
      </Button>
    </Stack>
  );
}

type PendingInvitationsProps = { audience: InvitationAudience };

export function PendingInvitations({ audience }: PendingInvitationsProps) {
  const { t } = useInvitationsT();
  const invitations = usePendingInvitations(audience);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [resent, setResent] = useState<CreateInvitationResponse | null>(null);
  const [toRevoke, setToRevoke] = useState<Invitation | null>(null);

  const items = invitations.data?.pages.flatMap((page) => page.items) ?? [];
  const showRole = audience === 'employee';

  function handleResend(invitation: Invitation) {
    resend.mutate(invitation.id, {
      onSuccess: (response) => {
        setResent(response);
        notify.success(t('pending.resent', { email: response.invitation.email }));
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  }

  function handleConfirmRevoke() {
    if (!toRevoke) return;
    revoke.mutate(toRevoke.id, {
      onSuccess: () => {
        notify.success(t('pending.revoked', { email: toRevoke.email }));
        setToRevoke(null);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  }

  const isResendingId = resend.isPending ? resend.variables : undefined;

  const columns: DataColumn<Invitation>[] = [
    {
      id: 'email',
      header: t('pending.columns.email'),
      cell: (invitation) => invitation.email,
      minWidth: 200,
      card: 'title',
      cellSx: { fontWeight: 600, overflowWrap: 'anywhere' },
    },
    ...(showRole
      ? [
          {
            id: 'role',
            header: t('pending.columns.role'),
            cell: (invitation: Invitation) => i18n.t(`roles.${invitation.role}`),
            minWidth: 130,
            priority: 2,
          },
        ]
      : []),
    {
      id: 'sent',
      header: t('pending.columns.sent'),
      cell: (invitation) => (invitation.created_at ? formatDateTime(invitation.created_at) : '—'),
      minWidth: 120,
      priority: 3,
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'expires',
      header: t('pending.columns.expires'),
      cell: (invitation) => formatDateTime(invitation.expires_at),
      minWidth: 120,
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'actions',
      header: t('pending.columns.actions'),
      align: 'right',
      cell: (invitation) => (
        <InvitationActions invitation={invitation} isResending={isResendingId === invitation.id} onResend={handleResend} onRevoke={setToRevoke} />
      ),
      minWidth: 200,
      card: 'actions',
    },
  ];

  return (
    <SectionCard title={t('pending.title')} subtitle={t('pending.subtitle')} data-testid="pending-invitations">
      <DataTable
        columns={columns}
        rows={items}
        getRowId={(invitation) => invitation.id}
        label={t('pending.listLabel')}
        isLoading={invitations.isPending}
        loadingLabel={t('pending.loading')}
        error={invitations.isError ? invitations.error : undefined}
        onRetry={() => void invitations.refetch()}
        empty={
          <ListEmpty icon={<MailOutlineIcon />} title={t('pending.emptyTitle')}>
            {t('pending.emptyText')}
          </ListEmpty>
        }
        data-testid="invitations-table"
        rowTestId="invitation-row"
      />
      <LoadMore hasMore={invitations.hasNextPage} isLoading={invitations.isFetchingNextPage} onLoadMore={() => invitations.fetchNextPage()} />
      <Dialog open={resent !== null} onClose={() => setResent(null)} fullWidth maxWidth="sm" aria-labelledby="resent-title">
        <DialogTitle id="resent-title">{t('pending.newLinkTitle')}</DialogTitle>
        <DialogContent>
          {resent && (
            <Stack spacing={2} sx={{ pt: 1 }} data-testid="resent-invitation">
              <CopyLinkField label={t('pending.link')} value={resent.link} />
              <Typography variant="body2" color="text.secondary">
                {t('pending.newLinkText', { email: resent.invitation.email, date: formatDateTime(resent.invitation.expires_at) })}
              </Typography>
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setResent(null)} variant="contained">
            {t('pending.done')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={toRevoke !== null}
        title={t('pending.revokeTitle')}
        confirmLabel={t('pending.revoke')}
        isPending={revoke.isPending}
        onConfirm={handleConfirmRevoke}
        onClose={() => setToRevoke(null)}
      >
        <Trans t={t} i18nKey="pending.revokeText" values={{ email: toRevoke?.email }} components={{ strong: <strong /> }} />
      </ConfirmDialog>
    </SectionCard>
  );
}
