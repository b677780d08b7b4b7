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
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, emailSchema, type CompanyRole, type CreateCompanyInvitationResponse } from '@agency/schema';
import { useId, useState, type FormEvent } from 'react';
import { CopyLinkField } from '../../../components/copy-link-field';
import { COMPANY_ROLE_HINTS } from '../../../lib/company-role';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useCreateCompanyInvitation } from '../api/create-company-invitation';

/** The owner invites a colleague by e-mail with a role; the link is shown too, to pass on another way. */
export function InviteColleagueForm() {
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
          notify.success(`Invitation sent to ${response.invitation.email}`);
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
          <strong>{created.invitation.email}</strong> is invited as {COMPANY_ROLE_LABELS[created.invitation.role]}.
        </Alert>
        <CopyLinkField label="Invitation link" value={created.link} />
        <Typography variant="body2" color="text.secondary">
          The link was also e-mailed to {created.invitation.email}. It can be used once and expires on {formatDateTime(created.invitation.expires_at)}
          .
        </Typography>
        <Box>
          <Button variant="outlined" onClick={handleInviteAnother}>
            Invite another colleague
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Invite a colleague" data-testid="invite-colleague-form">
      <Stack spacing={2.5}>
        {invite.isError && (
          <Alert severity="error" data-testid="invite-error">
            {errorMessage(invite.error)}
          </Alert>
        )}
        <TextField
          label="E-mail address"
          type="email"
          name="email"
          autoComplete="off"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError !== null}
          helperText={emailError ?? 'We will e-mail them a link to make their account.'}
          slotProps={{ htmlInput: { 'data-testid': 'invite-email' } }}
        />
        <FormControl>
          <FormLabel id={roleLabelId}>Role</FormLabel>
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
                      {COMPANY_ROLE_LABELS[choice]}
                    </Box>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {COMPANY_ROLE_HINTS[choice]}
                    </Typography>
                  </>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
        <Box>
          <Button type="submit" variant="contained" loading={invite.isPending} data-testid="invite-submit">
            Send invitation
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
