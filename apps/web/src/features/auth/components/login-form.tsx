import { loginInput, ROLE_DASHBOARD, type LoginInput } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormPasswordField } from '../../../components/form-password-field';
import { FormTextField } from '../../../components/form-text-field';
import { useLogin } from '../api/login';
import { useAuth } from '../hooks/use-auth';
import { authErrorMessage } from '../utils/auth-error-message';

type LoginFormProps = {
  /** Where to go after signing in, instead of the role's dashboard: a path of this site, already checked. */
  returnTo?: string | null;
};

export function LoginForm({ returnTo }: LoginFormProps) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const login = useLogin();
  const { control, handleSubmit } = useForm<LoginInput>({
    resolver: zodResolver(loginInput),
    defaultValues: { email: '', password: '' },
  });

  function handleValidSubmit(values: LoginInput) {
    login.mutate(values, {
      onSuccess: (response) => {
        signIn(response);
        navigate(returnTo ?? ROLE_DASHBOARD[response.user.role], { replace: true });
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleValidSubmit)} aria-label="Login" data-testid="login-form">
      <Stack spacing={2.5}>
        {login.isError && (
          <Alert severity="error" data-testid="form-error">
            {authErrorMessage(login.error)}
          </Alert>
        )}
        <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="email" autoFocus />
        <FormPasswordField control={control} name="password" label="Password" autoComplete="current-password" />
        <Button type="submit" variant="contained" size="large" loading={login.isPending} data-testid="login-submit">
          Log in
        </Button>
      </Stack>
    </form>
  );
}
