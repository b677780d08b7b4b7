import { approveProjectInput, type Account } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { i18n, useCommonT } from '../../../i18n';
import { errorMessage } from '../../../lib/http';
import { useApproveProject } from '../api/approve-project';
import { useProjectsT } from '../i18n';

const formSchema = z.object({
  team_lead_id: z.string().min(1, { error: () => i18n.t('projects:approve.chooseLead') }),
  member_ids: z.array(z.string()),
  note: approveProjectInput.shape.note.unwrap(),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

export type TeamOptions = {
  employees: readonly Account[];
  isLoading: boolean;
  error: unknown;
};

type ApproveProjectDialogProps = {
  open: boolean;
  project: { id: string; title: string; client: { name: string } };
  team: TeamOptions;
  onClose: () => void;
  onApproved: () => void;
};

export function ApproveProjectDialog({ open, project, team, onClose, onApproved }: ApproveProjectDialogProps) {
  const { t } = useProjectsT();
  const { t: common } = useCommonT();
  const titleId = useId();
  const approve = useApproveProject();
  const { control, handleSubmit, reset, setValue } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { team_lead_id: '', member_ids: [], note: '' },
  });
  const leadId = useWatch({ control, name: 'team_lead_id' });
  const memberIds = useWatch({ control, name: 'member_ids' });

  // The lead is on the team already; do not offer them as a member too.
  useEffect(() => {
    if (leadId && memberIds?.includes(leadId))
      setValue(
        'member_ids',
        memberIds.filter((id) => id !== leadId),
      );
  }, [leadId, memberIds, setValue]);

  const active = team.employees.filter((employee) => employee.status === 'active');
  const leads = active.filter((employee) => employee.role === 'teamlead');
  const members = active.filter((employee) => employee.id !== leadId);
  const nameOf = (id: string) => active.find((employee) => employee.id === id)?.name ?? id;

  // Once closed (and faded out), the form and any error are cleared, so the next opening starts fresh.
  function handleExited() {
    reset();
    approve.reset();
  }

  function handleValidSubmit(values: FormOutput) {
    approve.mutate(
      {
        id: project.id,
        input: { team_lead_id: values.team_lead_id, member_ids: values.member_ids, note: values.note || undefined },
      },
      { onSuccess: onApproved },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={approve.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: handleExited } }}
      data-testid="approve-dialog"
    >
      <form noValidate onSubmit={handleSubmit(handleValidSubmit)}>
        <DialogTitle id={titleId}>{t('approve.title', { title: project.title })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            <DialogContentText>{t('approve.text', { client: project.client.name })}</DialogContentText>
            {approve.isError && <Alert severity="error">{errorMessage(approve.error)}</Alert>}
            {team.error !== null && team.error !== undefined && <Alert severity="error">{errorMessage(team.error)}</Alert>}
            {!team.isLoading && leads.length === 0 && !team.error && <Alert severity="warning">{t('approve.noLead')}</Alert>}
            <FormTextField
              control={control}
              name="team_lead_id"
              label={t('approve.teamLead')}
              select
              required
              disabled={team.isLoading || approve.isPending}
              helperText={team.isLoading ? t('approve.loadingEmployees') : undefined}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'team-lead-select' } as object } }}
            >
              {leads.map((lead) => (
                <MenuItem key={lead.id} value={lead.id}>
                  {lead.name} · {lead.email}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="member_ids"
              label={t('approve.members')}
              select
              disabled={team.isLoading || approve.isPending || members.length === 0}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (selected) => (selected as string[]).map(nameOf).join(', '),
                  SelectDisplayProps: { 'data-testid': 'team-members-select' } as object,
                },
              }}
            >
              {members.map((member) => (
                <MenuItem key={member.id} value={member.id}>
                  <Checkbox size="small" checked={memberIds?.includes(member.id) ?? false} sx={{ py: 0 }} />
                  <ListItemText primary={member.name} secondary={common(`roles.${member.role}`)} />
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={control} name="note" label={t('approve.note')} multiline minRows={2} disabled={approve.isPending} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={approve.isPending}>
            {t('approve.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" loading={approve.isPending} data-testid="approve-confirm">
            {t('approve.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
