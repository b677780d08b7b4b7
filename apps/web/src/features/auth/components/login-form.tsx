import { isMfaChallenge, ROLE_DASHBOARD, type AuthResponse } from '@agency/schema';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert, PlainField, PlainPasswordField, SubmitButton } from '../../../components/plain-field';
import { checkCurrentPassword, checkEmail, checkFields } from '../../../lib/field-checks';
import { paths } from '../../../lib/paths';
import { startSession } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';
import { login } from '../api/login';
import { authErrorMessage } from '../utils/auth-error-message';
import { SecondStepForm } from './second-step-form';

type LoginFormProps = {
  /** Where to go after signing in, instead of the role's dashboard: a path of this site, already checked. */
  returnTo?: string | null;
};

/** The two-factor section of the profile page, where staff who must enrol are sent. */
export const ENROLMENT_PATH = `${paths.profile}#two-factor`;

const CHECKS = { email: checkEmail, password: checkCurrentPassword };

/**
 * Sign-in by e-mail and password; for an account with two-factor authentication a second step asks for a code
 * from the authenticator app (or a recovery code).
 */
export function LoginForm({ returnTo }: LoginFormProps) {
  const navigate = useNavigate();
  const signIn = useAction(login);
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<keyof typeof values, string | null>>({ email: null, password: null });
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function finish(response: AuthResponse) {
    startSession(response.token, { user: response.user, ...(response.mfa_enrolment_required ? { mfa_enrolment_required: true } : {}) });
    const to = response.mfa_enrolment_required ? ENROLMENT_PATH : (returnTo ?? ROLE_DASHBOARD[response.user.role]);
    navigate(to, { replace: true });
  }

  function change(field: keyof typeof values, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once the form was sent, a field's message follows what is typed.
    if (wasSubmitted) setErrors(checkFields(next, CHECKS).errors);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setWasSubmitted(true);
    const checked = checkFields(values, CHECKS);
    setErrors(checked.errors);
    if (!checked.valid) {
      const firstInvalid = checked.errors.email ? 'email' : 'password';
      event.currentTarget.querySelector<HTMLInputElement>(`input[name="${firstInvalid}"]`)?.focus();
      return;
    }
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
    <form noValidate onSubmit={handleSubmit} aria-label="Login" data-testid="login-form" className="pub-form">
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
      <PlainField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        error={errors.email}
      />
      <div>
        <PlainPasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          error={errors.password}
        />
        <p style={{ textAlign: 'right', margin: '6px 0 0', fontSize: '0.875rem' }}>
          <Link to={paths.forgotPassword} className="pub-strong-link" data-testid="forgot-password-link">
            Forgot password?
          </Link>
        </p>
      </div>
      <SubmitButton loading={signIn.isPending} testId="login-submit">
        Log in
      </SubmitButton>
    </form>
  );
}
