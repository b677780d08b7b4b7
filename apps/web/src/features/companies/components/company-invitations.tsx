import { COMPANY_ROLE_LABELS, type CompanyInvitation } from '@agency/schema';
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useCompanyInvitations } from '../api/list-company-invitations';
import { useRevokeCompanyInvitation } from '../api/revoke-company-invitation';

/** Invitations sent and not yet accepted; the owner revokes one with a confirmation. */
export function CompanyInvitations() {
  const invitations = useCompanyInvitations();
  const revoke = useRevokeCompanyInvitation();
  const [toRevoke, setToRevoke] = useState<CompanyInvitation | null>(null);

  function handleConfirmRevoke() {
    if (!toRevoke) return;
    const invitation = toRevoke;
    revoke.mutate(invitation.id, {
      onSuccess: () => {
        notify.success(`Invitation to ${invitation.email} revoked`);
        setToRevoke(null);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  }

  const columns: DataColumn<CompanyInvitation>[] = [
    {
      id: 'email',
      header: 'E-mail',
      cell: (invitation) => invitation.email,
      minWidth: 200,
      card: 'title',
      cellSx: { fontWeight: 600, overflowWrap: 'anywhere' },
    },
    { id: 'role', header: 'Role', cell: (invitation) => COMPANY_ROLE_LABELS[invitation.role], minWidth: 110 },
    {
      id: 'expires',
      header: 'Expires',
      cell: (invitation) => formatDateTime(invitation.expires_at),
      minWidth: 130,
      priority: 2,
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (invitation) => (
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={() => setToRevoke(invitation)}
          aria-label={`Revoke invitation to ${invitation.email}`}
        >
          Revoke
        </Button>
      ),
      minWidth: 120,
      card: 'actions',
    },
  ];

  return (
    <SectionCard title="Pending invitations" subtitle="Sent and not yet accepted." data-testid="company-invitations">
      <DataTable
        columns={columns}
        rows={invitations.data?.items ?? []}
        getRowId={(invitation) => invitation.id}
        label="Pending invitations list"
        isLoading={invitations.isPending}
        loadingLabel="Loading invitations..."
        error={invitations.isError ? invitations.error : undefined}
        onRetry={() => void invitations.refetch()}
        empty={
          <ListEmpty icon={<MailOutlineIcon />} title="No pending invitations">
            Colleagues you invite show up here until they accept.
          </ListEmpty>
        }
        data-testid="company-invitations-table"
        rowTestId="company-invitation-row"
      />
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
