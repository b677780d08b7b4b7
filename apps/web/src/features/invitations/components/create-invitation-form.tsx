import { createInvitationInput, type CreateInvitationResponse } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { notify } from '../../../lib/notify';
import type { z } from 'zod';
import { CopyLinkField } from '../../../components/copy-link-field';
import { FormTextField } from '../../../components/form-text-field';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useCommonT } from '../../../i18n';
import { useCreateInvitation } from '../api/create-invitation';
import { useInvitationsT } from '../i18n';

const emailOnly = createInvitationInput.pick({ email: true });
type FormInput = z.input<typeof emailOnly>;
type FormOutput = z.output<typeof emailOnly>;

type InvitedRole = z.infer<typeof createInvitationInput>['role'];

type CreateInvitationFormProps = {
  /** The roles this form may invite; with more than one, the inviter picks (the first is preselected). */
  roles: readonly [InvitedRole, ...InvitedRole[]];
};

export function CreateInvitationForm({ roles }: CreateInvitationFormProps) {
  const { t } = useInvitationsT();
  const { t: tCommon } = useCommonT();
  const createInvitation = useCreateInvitation();
  const [created, setCreated] = useState<CreateInvitationResponse | null>(null);
  const [role, setRole] = useState<InvitedRole>(roles[0]);
  const { control, handleSubmit, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(emailOnly),
    defaultValues: { email: '' },
  });
  const shownRole = created?.invitation.role ?? role;

  function handleValidSubmit({ email }: FormOutput) {
    createInvitation.mutate(
      { email, role },
      {
        onSuccess: (response) => {
          setCreated(response);
          notify.success(t('create.sent', { email: response.invitation.email }));
        },
      },
    );
  }

  function handleInviteAnother() {
    setCreated(null);
    createInvitation.reset();
    reset({ email: '' });
  }

  if (created) {
    return (
      <Stack spacing={2.5} data-testid="invitation-created">
        <Alert severity="success" icon={<MarkEmailReadOutlinedIcon />}>
          <Trans t={t} i18nKey="create.created" values={{ email: created.invitation.email }} components={{ strong: <strong /> }} />
        </Alert>
        <CopyLinkField label={t('create.link')} value={created.link} />
        <Typography variant="body2" color="text.secondary">
          {t('create.emailed', { email: created.invitation.email, date: formatDateTime(created.invitation.expires_at) })}
        </Typography>
        <Box>
          <Button variant="outlined" onClick={handleInviteAnother}>
            {t(`create.inviteAnother.${shownRole}`)}
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleValidSubmit)} aria-label={t(`create.formLabel.${shownRole}`)} data-testid="create-invitation-form">
      <Stack spacing={2.5}>
        {createInvitation.isError && (
          <Alert severity="error" data-testid="form-error">
            {errorMessage(createInvitation.error)}
          </Alert>
        )}
        {roles.length > 1 && (
          <FormControl>
            <FormLabel id="invite-role-label">{t('create.role')}</FormLabel>
            <RadioGroup row aria-labelledby="invite-role-label" value={role} onChange={(event) => setRole(event.target.value as InvitedRole)}>
              {roles.map((choice) => (
                <FormControlLabel
                  key={choice}
                  value={choice}
                  control={<Radio />}
                  label={tCommon(`roles.${choice}`)}
                  data-testid={`invite-role-${choice}`}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
        <FormTextField
          control={control}
          name="email"
          label={t('create.email')}
          type="email"
          autoComplete="off"
          autoFocus
          required
          helperText={t(`create.emailHint.${shownRole}`)}
        />
        <Box>
          <Button type="submit" variant="contained" size="large" loading={createInvitation.isPending} data-testid="create-invitation-submit">
            {t('create.submit')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
