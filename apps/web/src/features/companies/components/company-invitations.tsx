import type { CompanyInvitation } from '@agency/schema';
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { useCommonT } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useCompanyInvitations } from '../api/list-company-invitations';
import { useRevokeCompanyInvitation } from '../api/revoke-company-invitation';
import { useCompaniesT } from '../i18n';

/** Invitations sent and not yet accepted; the owner revokes one with a confirmation. */
export function CompanyInvitations() {
  const { t } = useCompaniesT();
  const { t: common } = useCommonT();
  const invitations = useCompanyInvitations();
  const revoke = useRevokeCompanyInvitation();
  const [toRevoke, setToRevoke] = useState<CompanyInvitation | null>(null);

  function handleConfirmRevoke() {
    if (!toRevoke) return;
    const invitation = toRevoke;
    revoke.mutate(invitation.id, {
      onSuccess: () => {
        notify.success(t('invitations.revoked', { email: invitation.email }));
        setToRevoke(null);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  }

  const columns: DataColumn<CompanyInvitation>[] = [
    {
      id: 'email',
      header: t('columns.email'),
      cell: (invitation) => invitation.email,
      minWidth: 200,
      card: 'title',
      cellSx: { fontWeight: 600, overflowWrap: 'anywhere' },
    },
    { id: 'role', header: t('columns.role'), cell: (invitation) => common(`companyRoles.${invitation.role}`), minWidth: 110 },
    {
      id: 'expires',
      header: t('columns.expires'),
      cell: (invitation) => formatDateTime(invitation.expires_at),
      minWidth: 130,
      priority: 2,
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      align: 'right',
      cell: (invitation) => (
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={() => setToRevoke(invitation)}
          aria-label={t('invitations.revokeTo', { email: invitation.email })}
        >
          {t('invitations.revoke')}
        </Button>
      ),
      minWidth: 120,
      card: 'actions',
    },
  ];

  return (
    <SectionCard title={t('invitations.title')} subtitle={t('invitations.subtitle')} data-testid="company-invitations">
      <DataTable
        columns={columns}
        rows={invitations.data?.items ?? []}
        getRowId={(invitation) => invitation.id}
        label={t('invitations.label')}
        isLoading={invitations.isPending}
        loadingLabel={t('invitations.loading')}
        error={invitations.isError ? invitations.error : undefined}
        onRetry={() => void invitations.refetch()}
        empty={
          <ListEmpty icon={<MailOutlineIcon />} title={t('invitations.none')}>
            {t('invitations.noneText')}
          </ListEmpty>
        }
        data-testid="company-invitations-table"
        rowTestId="company-invitation-row"
      />
      <ConfirmDialog
        open={toRevoke !== null}
        title={t('invitations.revokeTitle')}
        confirmLabel={t('invitations.revoke')}
        isPending={revoke.isPending}
        onConfirm={handleConfirmRevoke}
        onClose={() => setToRevoke(null)}
      >
        <Trans t={t} i18nKey="invitations.revokeText" values={{ email: toRevoke?.email }} components={{ strong: <strong /> }} />
      </ConfirmDialog>
    </SectionCard>
  );
}
