import { isMfaChallenge, ROLE_DASHBOARD, type AuthResponse } from '@agency/schema';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert, PlainField, PlainPasswordField, SubmitButton } from '../../../components/plain/field';
import { checkCurrentPassword, checkEmail } from '../../../lib/field-checks';
import { ENROLMENT_PATH, paths } from '../../../lib/paths';
import { startSession } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';
import { usePlainForm } from '../../../lib/use-plain-form';
import { login } from '../api/login';
import { authErrorMessage } from '../utils/auth-error-message';
import { useAuthT } from '../i18n';
import { SecondStepForm } from './second-step-form';

type LoginFormProps = {
  /** Where to go after signing in, instead of the role's dashboard: a path of this site, already checked. */
  returnTo?: string | null;
};

const CHECKS = { email: checkEmail, password: checkCurrentPassword };
const checks = () => CHECKS;

/**
 * Sign-in by e-mail and password; for an account with two-factor authentication a second step asks for a code
 * from the authenticator app (or a recovery code).
 */
export function LoginForm({ returnTo }: LoginFormProps) {
  const { t } = useAuthT();
  const navigate = useNavigate();
  const signIn = useAction(login);
  const { values, field, validate } = usePlainForm({ email: '', password: '' }, checks);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function finish(response: AuthResponse) {
    startSession(response.token, { user: response.user, ...(response.mfa_enrolment_required ? { mfa_enrolment_required: true } : {}) });
    const to = response.mfa_enrolment_required ? ENROLMENT_PATH : (returnTo ?? ROLE_DASHBOARD[response.user.role]);
    navigate(to, { replace: true });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!validate(event.currentTarget)) return;
    setNotice(null);
    const response = await signIn.run({ email: values.email.trim(), password: values.password });
    if (!response) return;
    if (isMfaChallenge(response)) setChallenge(response.mfa_token);
    else finish(response);
  }

  function handleRestart(message: string | null) {
    setChallenge(null);
    setNotice(message);
    signIn.reset();
  }

  if (challenge) return <SecondStepForm mfaToken={challenge} email={values.email.trim()} onSignedIn={finish} onRestart={handleRestart} />;

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={t('login.formLabel')} data-testid="login-form" className="pub-form">
      {notice && (
        <FormAlert severity="info" testId="login-notice">
          {notice}
        </FormAlert>
      )}
      {signIn.isError && (
        <FormAlert severity="error" testId="form-error">
          {authErrorMessage(signIn.error)}
        </FormAlert>
      )}
      <PlainField label={t('fields.email')} type="email" autoComplete="email" autoFocus {...field('email')} />
      <div>
        <PlainPasswordField label={t('fields.password')} autoComplete="current-password" {...field('password')} />
        <p style={{ textAlign: 'end', margin: '6px 0 0', fontSize: '0.875rem' }}>
          <Link to={paths.forgotPassword} className="pub-strong-link" data-testid="forgot-password-link">
            {t('login.forgotPassword')}
          </Link>
        </p>
      </div>
      <SubmitButton loading={signIn.isPending} testId="login-submit">
        {t('login.submit')}
      </SubmitButton>
    </form>
  );
}
