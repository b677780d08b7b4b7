import { ROLE_LABELS, type CreateInvitationResponse, type Invitation } from '@agency/schema';
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import { CopyLinkField } from '../../../components/copy-link-field';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/list-states';
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
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
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
        toast.success(`Invitation re-sent to ${response.invitation.email}`);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  function handleConfirmRevoke() {
    if (!toRevoke) return;
    revoke.mutate(toRevoke.id, {
      onSuccess: () => {
        toast.success(`Invitation to ${toRevoke.email} revoked`);
        setToRevoke(null);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  const isResendingId = resend.isPending ? resend.variables : undefined;

  let body;
  if (invitations.isPending) {
    body = <ListLoading label="Loading invitations..." />;
  } else if (invitations.isError) {
    body = <ListError message={errorMessage(invitations.error)} onRetry={() => invitations.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <ListEmpty icon={<MailOutlineIcon />} title="No pending invitations">
        Invitations that have not been accepted yet show up here.
      </ListEmpty>
    );
  } else if (isPhone) {
    body = (
      <Stack spacing={1.5} sx={{ p: 2 }} data-testid="invitations-list">
        {items.map((invitation) => (
          <Card key={invitation.id} sx={{ p: 2 }} data-testid="invitation-row">
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{invitation.email}</Typography>
            <Typography variant="body2" color="text.secondary">
              {showRole && `${ROLE_LABELS[invitation.role]} · `}Expires {formatDateTime(invitation.expires_at)}
            </Typography>
            <Box sx={{ mt: 1.5 }}>
              <InvitationActions
                invitation={invitation}
                isResending={isResendingId === invitation.id}
                onResend={handleResend}
                onRevoke={setToRevoke}
              />
            </Box>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ minWidth: 560 }} data-testid="invitations-table" aria-label="Pending invitations">
          <TableHead>
            <TableRow>
              <TableCell>E-mail</TableCell>
              {showRole && <TableCell>Role</TableCell>}
              <TableCell>Sent</TableCell>
              <TableCell>Expires</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((invitation) => (
              <TableRow key={invitation.id} hover data-testid="invitation-row">
                <TableCell sx={{ fontWeight: 600 }}>{invitation.email}</TableCell>
                {showRole && <TableCell>{ROLE_LABELS[invitation.role]}</TableCell>}
                <TableCell>{invitation.created_at ? formatDateTime(invitation.created_at) : '—'}</TableCell>
                <TableCell>{formatDateTime(invitation.expires_at)}</TableCell>
                <TableCell align="right">
                  <InvitationActions
                    invitation={invitation}
                    isResending={isResendingId === invitation.id}
                    onResend={handleResend}
                    onRevoke={setToRevoke}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <SectionCard
      title="Pending invitations"
      subtitle="Sent but not yet accepted. A new link replaces the old one when you resend."
      data-testid="pending-invitations"
    >
      {body}
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
