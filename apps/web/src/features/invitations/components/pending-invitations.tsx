import { ROLE_LABELS, type CreateInvitationResponse, type Invitation } from '@agency/schema';
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
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
import { useRevokeInvitation } from '../api/revoke-invitation';

type InvitationActionsProps = {
  invitation: Invitation;
  isResending: boolean;
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
};

function InvitationActions({ invitation, isResending, onResend, onRevoke }: InvitationActionsProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button
        size="small"
        variant="outlined"
        onClick={() => onResend(invitation)}
        loading={isResending}
        aria-label={`Resend invitation to ${invitation.email}`}
      >
        Resend
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        onClick={() => onRevoke(invitation)}
        aria-label={`Revoke invitation to ${invitation.email}`}
      >
        Revoke
      </Button>
    </Stack>
  );
}

type PendingInvitationsProps = { audience: InvitationAudience };

export function PendingInvitations({ audience }: PendingInvitationsProps) {
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
        notify.success(`Invitation re-sent to ${response.invitation.email}`);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  }

  function handleConfirmRevoke() {
    if (!toRevoke) return;
    revoke.mutate(toRevoke.id, {
      onSuccess: () => {
        notify.success(`Invitation to ${toRevoke.email} revoked`);
        setToRevoke(null);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  }

  const isResendingId = resend.isPending ? resend.variables : undefined;

  const columns: DataColumn<Invitation>[] = [
    {
      id: 'email',
      header: 'E-mail',
      cell: (invitation) => invitation.email,
      minWidth: 200,
      card: 'title',
      cellSx: { fontWeight: 600, overflowWrap: 'anywhere' },
    },
    ...(showRole ? [{ id: 'role', header: 'Role', cell: (invitation: Invitation) => ROLE_LABELS[invitation.role], minWidth: 130, priority: 2 }] : []),
    {
      id: 'sent',
      header: 'Sent',
      cell: (invitation) => (invitation.created_at ? formatDateTime(invitation.created_at) : '—'),
      minWidth: 120,
      priority: 3,
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'expires',
      header: 'Expires',
      cell: (invitation) => formatDateTime(invitation.expires_at),
      minWidth: 120,
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (invitation) => (
        <InvitationActions invitation={invitation} isResending={isResendingId === invitation.id} onResend={handleResend} onRevoke={setToRevoke} />
      ),
      minWidth: 200,
      card: 'actions',
    },
  ];

  return (
    <SectionCard
      title="Pending invitations"
      subtitle="Sent but not yet accepted. A new link replaces the old one when you resend."
      data-testid="pending-invitations"
    >
      <DataTable
        columns={columns}
        rows={items}
        getRowId={(invitation) => invitation.id}
        label="Pending invitations list"
        isLoading={invitations.isPending}
        loadingLabel="Loading invitations..."
        error={invitations.isError ? invitations.error : undefined}
        onRetry={() => void invitations.refetch()}
        empty={
          <ListEmpty icon={<MailOutlineIcon />} title="No pending invitations">
            Invitations that have not been accepted yet show up here.
          </ListEmpty>
        }
        data-testid="invitations-table"
        rowTestId="invitation-row"
      />
      <LoadMore hasMore={invitations.hasNextPage} isLoading={invitations.isFetchingNextPage} onLoadMore={() => invitations.fetchNextPage()} />
      <Dialog open={resent !== null} onClose={() => setResent(null)} fullWidth maxWidth="sm" aria-labelledby="resent-title">
        <DialogTitle id="resent-title">New invitation link</DialogTitle>
        <DialogContent>
          {resent && (
            <Stack spacing={2} sx={{ pt: 1 }} data-testid="resent-invitation">
              <CopyLinkField label="Invitation link" value={resent.link} />
              <Typography variant="body2" color="text.secondary">
                The new link was e-mailed to {resent.invitation.email} and expires on {formatDateTime(resent.invitation.expires_at)}. Earlier links no
                longer work.
              </Typography>
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setResent(null)} variant="contained">
            Done
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={toRevoke !== null}
        title="Revoke invitation?"
        confirmLabel="Revoke"
        isPending={revoke.isPending}
        onConfirm={handleConfirmRevoke}
        onClose={() => setToRevoke(null)}
      >
        The invitation link sent to <strong>{toRevoke?.email}</strong> will stop working.
      </ConfirmDialog>
    </SectionCard>
  );
}
