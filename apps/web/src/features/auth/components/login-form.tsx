import { isMfaChallenge, loginInput, ROLE_DASHBOARD, type AuthResponse, type LoginInput } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormPasswordField } from '../../../components/form-password-field';
import { FormTextField } from '../../../components/form-text-field';
import { paths } from '../../../lib/paths';
import { useLogin } from '../api/login';
import { useAuth } from '../hooks/use-auth';
import { authErrorMessage } from '../utils/auth-error-message';
import { SecondStepForm } from './second-step-form';

type LoginFormProps = {
  /** Where to go after signing in, instead of the role's dashboard: a path of this site, already checked. */
  returnTo?: string | null;
};

/** The two-factor section of the profile page, where staff who must enrol are sent. */
export const ENROLMENT_PATH = `${paths.profile}#two-factor`;

/**
 * Sign-in by e-mail and password; for an account with two-factor authentication a second step asks for a code
 * from the authenticator app (or a recovery code).
 */
export function LoginForm({ returnTo }: LoginFormProps) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const login = useLogin();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { control, handleSubmit, getValues } = useForm<LoginInput>({
    resolver: zodResolver(loginInput),
    defaultValues: { email: '', password: '' },
  });

  function finish(response: AuthResponse) {
    signIn(response);
    const to = response.mfa_enrolment_required ? ENROLMENT_PATH : (returnTo ?? ROLE_DASHBOARD[response.user.role]);
    navigate(to, { replace: true });
  }

  function handleValidSubmit(values: LoginInput) {
    setNotice(null);
    login.mutate(values, {
      onSuccess: (response) => (isMfaChallenge(response) ? setChallenge(response.mfa_token) : finish(response)),
    });
  }

  function handleRestart(message: string | null) {
    setChallenge(null);
    setNotice(message);
    login.reset();
  }

  if (challenge) return <SecondStepForm mfaToken={challenge} email={getValues('email')} onSignedIn={finish} onRestart={handleRestart} />;

  return (
    <form noValidate onSubmit={handleSubmit(handleValidSubmit)} aria-label="Login" data-testid="login-form">
      <Stack spacing={2.5}>
        {notice && (
          <Alert severity="info" data-testid="login-notice">
            {notice}
          </Alert>
        )}
        {login.isError && (
          <Alert severity="error" data-testid="form-error">
            {authErrorMessage(login.error)}
          </Alert>
        )}
        <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="email" autoFocus />
        <Box>
          <FormPasswordField control={control} name="password" label="Password" autoComplete="current-password" fullWidth />
          <Box sx={{ textAlign: 'right', mt: 0.75 }}>
            <Link component={RouterLink} to={paths.forgotPassword} variant="body2" sx={{ fontWeight: 600 }} data-testid="forgot-password-link">
              Forgot password?
            </Link>
          </Box>
        </Box>
        <Button type="submit" variant="contained" size="large" loading={login.isPending} data-testid="login-submit">
          Log in
        </Button>
      </Stack>
    </form>
  );
}
