import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMPANY_ROLES, emailSchema, type CompanyRole, type CreateCompanyInvitationResponse } from '@agency/schema';
import { useId, useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { CopyLinkField } from '../../../components/copy-link-field';
import { useCommonT } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useCreateCompanyInvitation } from '../api/create-company-invitation';
import { useCompaniesT } from '../i18n';

/** The owner invites a colleague by e-mail with a role; the link is shown too, to pass on another way. */
export function InviteColleagueForm() {
  const { t } = useCompaniesT();
  const { t: common } = useCommonT();
  const invite = useCreateCompanyInvitation();
  const roleLabelId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('member');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreateCompanyInvitationResponse | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
      return;
    }
    setEmailError(null);
    invite.mutate(
      { email: parsed.data, role },
      {
        onSuccess: (response) => {
          setCreated(response);
          notify.success(t('invite.sent', { email: response.invitation.email }));
        },
      },
    );
  }

  function handleInviteAnother() {
    setCreated(null);
    invite.reset();
    setEmail('');
    setRole('member');
  }

  if (created) {
    return (
      <Stack spacing={2.5} data-testid="company-invitation-created">
        <Alert severity="success" icon={<MarkEmailReadOutlinedIcon />}>
          <Trans
            t={t}
            i18nKey="invite.invitedAs"
            values={{ email: created.invitation.email, role: common(`companyRoles.${created.invitation.role}`) }}
            components={{ strong: <strong /> }}
          />
        </Alert>
        <CopyLinkField label={t('invite.link')} value={created.link} />
        <Typography variant="body2" color="text.secondary">
          {t('invite.linkText', { email: created.invitation.email, date: formatDateTime(created.invitation.expires_at) })}
        </Typography>
        <Box>
          <Button variant="outlined" onClick={handleInviteAnother}>
            {t('invite.another')}
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={t('invite.formLabel')} data-testid="invite-colleague-form">
      <Stack spacing={2.5}>
        {invite.isError && (
          <Alert severity="error" data-testid="invite-error">
            {errorMessage(invite.error)}
          </Alert>
        )}
        <TextField
          label={t('invite.email')}
          type="email"
          name="email"
          autoComplete="off"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError !== null}
          helperText={emailError ?? t('invite.emailHint')}
          slotProps={{ htmlInput: { 'data-testid': 'invite-email' } }}
        />
        <FormControl>
          <FormLabel id={roleLabelId}>{t('invite.role')}</FormLabel>
          <RadioGroup aria-labelledby={roleLabelId} value={role} onChange={(event) => setRole(event.target.value as CompanyRole)}>
            {COMPANY_ROLES.map((choice) => (
              <FormControlLabel
                key={choice}
                value={choice}
                control={<Radio />}
                data-testid={`invite-role-${choice}`}
                sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { mt: -0.75 } }}
                label={
                  <>
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {common(`companyRoles.${choice}`)}
                    </Box>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {t(`roleHints.${choice}`)}
                    </Typography>
                  </>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
        <Box>
          <Button type="submit" variant="contained" loading={invite.isPending} data-testid="invite-submit">
            {t('invite.submit')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
