import { recoveryCodeSchema, totpCodeSchema, type AuthResponse } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { hasErrorCode } from '../../../lib/http';
import { useLoginSecondStep } from '../api/login-second-step';
import { authErrorMessage } from '../utils/auth-error-message';

type SecondStepFormProps = {
  mfaToken: string;
  email: string;
  onSignedIn: (response: AuthResponse) => void;
  /** Back to the password, with a reason to show (or none when the person chose to go back). */
  onRestart: (message: string | null) => void;
};

export function SecondStepForm({ mfaToken, email, onSignedIn, onRestart }: SecondStepFormProps) {
  const secondStep = useLoginSecondStep();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = (useRecovery ? recoveryCodeSchema : totpCodeSchema).safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter the code');
      return;
    }
    setFieldError(null);
    secondStep.mutate(useRecovery ? { mfa_token: mfaToken, recovery_code: parsed.data } : { mfa_token: mfaToken, code: parsed.data }, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (hasErrorCode(error, 'MFA_CHALLENGE_INVALID')) onRestart(authErrorMessage(error));
      },
    });
  }

  function handleSwitch() {
    setUseRecovery((current) => !current);
    setValue('');
    setFieldError(null);
    secondStep.reset();
  }

  const label = useRecovery ? 'Recovery code' : 'Authentication code';
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Two-factor authentication" data-testid="mfa-form">
      <Stack spacing={2.5}>
        <Typography color="text.secondary">
          {useRecovery
            ? `Enter one of the recovery codes you saved when you turned on two-factor authentication for ${email}. Each code works once.`
            : `Open your authenticator app and enter the 6-digit code for ${email}.`}
        </Typography>
        {secondStep.isError && (
          <Alert severity="error" data-testid="form-error">
            {authErrorMessage(secondStep.error)}
          </Alert>
        )}
        <TextField
          key={useRecovery ? 'recovery' : 'code'}
          label={label}
          name={useRecovery ? 'recovery_code' : 'code'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={fieldError !== null}
          helperText={fieldError ?? (useRecovery ? 'Looks like abcd-efgh-ijkl-mnop' : undefined)}
          autoComplete="one-time-code"
          autoFocus
          slotProps={{ htmlInput: useRecovery ? { spellCheck: false, autoCapitalize: 'none' } : { inputMode: 'numeric', maxLength: 7 } }}
          data-testid="mfa-code-field"
        />
        <Button type="submit" variant="contained" size="large" loading={secondStep.isPending} data-testid="mfa-submit">
          Verify and log in
        </Button>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button onClick={handleSwitch} data-testid="mfa-switch">
            {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
          </Button>
          <Button color="inherit" onClick={() => onRestart(null)}>
            Back to password
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
