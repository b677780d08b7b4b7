import { COMPANY_ROLES, type CompanyMember, type CompanyRole } from '@agency/schema';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { useCommonT } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useCompanyMembers } from '../api/list-company-members';
import { useRemoveCompanyMember } from '../api/remove-company-member';
import { useUpdateCompanyMember } from '../api/update-company-member';
import { useCompaniesT } from '../i18n';
import { CompanyRoleChip } from './company-role-chip';

function RoleSelect({ member, disabled, onChange }: { member: CompanyMember; disabled: boolean; onChange: (role: CompanyRole) => void }) {
  const { t } = useCompaniesT();
  const { t: common } = useCommonT();
  return (
    <FormControl size="small" sx={{ minWidth: 120 }}>
      <NativeSelect
        value={member.company_role}
        onChange={(event) => onChange(event.target.value as CompanyRole)}
        disabled={disabled}
        input={<OutlinedInput />}
        inputProps={{ 'aria-label': t('people.roleOf', { name: member.name }) }}
      >
        {COMPANY_ROLES.map((role) => (
          <option key={role} value={role}>
            {common(`companyRoles.${role}`)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}

type RoleChange = { member: CompanyMember; role: CompanyRole };

type CompanyPeopleProps = {
  /** The signed-in person, marked "You" in the list. */
  currentUserId: string;
  /** Owners change roles and remove people; everyone else reads the list. */
  canManage: boolean;
};

/** Everyone in the signed-in client's company with their roles; its owners change roles and remove people. */
export function CompanyPeople({ currentUserId, canManage }: CompanyPeopleProps) {
  const { t } = useCompaniesT();
  const { t: common } = useCommonT();
  const members = useCompanyMembers();
  const updateMember = useUpdateCompanyMember();
  const removeMember = useRemoveCompanyMember();
  const [roleChange, setRoleChange] = useState<RoleChange | null>(null);
  const [toRemove, setToRemove] = useState<CompanyMember | null>(null);
  // The server's reason when it refuses (the last owner): kept on screen until the next change.
  const [problem, setProblem] = useState<string | null>(null);

  const items = members.data?.items ?? [];
  const isYou = (member: CompanyMember) => member.id === currentUserId;

  function handleConfirmRoleChange() {
    if (!roleChange) return;
    const { member, role } = roleChange;
    setProblem(null);
    updateMember.mutate(
      { userId: member.id, role },
      {
        onSuccess: () =>
          notify.success(
            isYou(member)
              ? t('people.youAreNow', { role: common(`companyRoles.${role}`) })
              : t('people.isNow', { name: member.name, role: common(`companyRoles.${role}`) }),
          ),
        onError: (error) => setProblem(errorMessage(error)),
        onSettled: () => setRoleChange(null),
      },
    );
  }

  function handleConfirmRemove() {
    if (!toRemove) return;
    const member = toRemove;
    setProblem(null);
    removeMember.mutate(member.id, {
      onSuccess: () => notify.success(t('people.wasRemoved', { name: member.name })),
      onError: (error) => setProblem(errorMessage(error)),
      onSettled: () => setToRemove(null),
    });
  }

  const columns: DataColumn<CompanyMember>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      cell: (member) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {member.name}
          </Box>
          {isYou(member) && <Chip size="small" label={t('people.you')} data-testid="member-you" />}
          {member.status === 'disabled' && <Chip size="small" label={t('people.removed')} data-testid="member-removed" />}
        </Stack>
      ),
      minWidth: 180,
      card: 'title',
    },
    { id: 'email', header: t('columns.email'), cell: (member) => member.email, minWidth: 200, priority: 2, cellSx: { overflowWrap: 'anywhere' } },
    {
      id: 'role',
      header: t('columns.role'),
      cell: (member) =>
        canManage && member.status === 'active' ? (
          <RoleSelect
            member={member}
            disabled={updateMember.isPending}
            onChange={(role) => role !== member.company_role && setRoleChange({ member, role })}
          />
        ) : (
          <CompanyRoleChip role={member.company_role} />
        ),
      minWidth: 150,
      card: 'aside',
    },
    {
      id: 'joined',
      header: t('columns.joined'),
      cell: (member) => formatDate(member.created_at),
      minWidth: 120,
      priority: 3,
      cellSx: { whiteSpace: 'nowrap' },
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: t('columns.actions'),
            align: 'right' as const,
            cell: (member: CompanyMember) =>
              member.status === 'active' ? (
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  onClick={() => setToRemove(member)}
                  aria-label={t('people.removeName', { name: member.name })}
                >
                  {t('people.remove')}
                </Button>
              ) : null,
            minWidth: 120,
            card: 'actions' as const,
          },
        ]
      : []),
  ];

  return (
    <SectionCard title={t('people.title')} subtitle={canManage ? t('people.subtitleOwner') : t('people.subtitle')} data-testid="company-people">
      {problem && (
        <Box sx={{ px: { xs: 2, sm: 3 }, pt: 2 }}>
          <Alert severity="error" onClose={() => setProblem(null)} data-testid="people-error">
            {problem}
          </Alert>
        </Box>
      )}
      <DataTable
        columns={columns}
        rows={items}
        getRowId={(member) => member.id}
        label={t('people.label')}
        isLoading={members.isPending}
        loadingLabel={t('people.loading')}
        error={members.isError ? members.error : undefined}
        onRetry={() => void members.refetch()}
        empty={<ListEmpty icon={<GroupOutlinedIcon />} title={t('people.nobody')} />}
        data-testid="people-table"
        rowTestId="member-row"
        getRowAttributes={(member) => ({ 'data-member-id': member.id })}
      />
      <ConfirmDialog
        open={roleChange !== null}
        title={roleChange && isYou(roleChange.member) ? t('people.changeOwnRole') : t('people.changeRole')}
        confirmLabel={t('people.changeRoleConfirm')}
        confirmColor="primary"
        isPending={updateMember.isPending}
        onConfirm={handleConfirmRoleChange}
        onClose={() => setRoleChange(null)}
      >
        {roleChange && (
          <>
            <Trans
              t={t}
              i18nKey={isYou(roleChange.member) ? 'people.youWillBe' : 'people.willBe'}
              values={{
                name: roleChange.member.name,
                role: common(`companyRoles.${roleChange.role}`),
                hint: t(`roleHintsInline.${roleChange.role}`),
              }}
              components={{ strong: <strong /> }}
            />
            {isYou(roleChange.member) && roleChange.role !== 'owner' && ` ${t('people.noLongerOwner')}`}
          </>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={toRemove !== null}
        title={toRemove && isYou(toRemove) ? t('people.leave') : t('people.removeTitle')}
        confirmLabel={t('people.remove')}
        isPending={removeMember.isPending}
        onConfirm={handleConfirmRemove}
        onClose={() => setToRemove(null)}
      >
        {toRemove && (
          <Trans t={t} i18nKey="people.removeText" values={{ name: toRemove.name, email: toRemove.email }} components={{ strong: <strong /> }} />
        )}
      </ConfirmDialog>
    </SectionCard>
  );
}
