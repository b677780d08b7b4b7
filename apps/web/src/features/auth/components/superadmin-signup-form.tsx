import { ROLE_DASHBOARD } from '@agency/schema';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert, PlainField, PlainPasswordField, SubmitButton } from '../../../components/plain/field';
import { checkEmail, checkName, checkNewPassword, type FieldCheck } from '../../../lib/field-checks';
import { startSession } from '../../../lib/session';
import { notify } from '../../../lib/notify';
import { useAction } from '../../../lib/use-action';
import { usePlainForm } from '../../../lib/use-plain-form';
import { signupSuperadmin } from '../api/signup-superadmin';
import { authErrorMessage } from '../utils/auth-error-message';
import { checkConfirmation, NewPasswordPair } from '../../../components/plain/new-password-pair';

type Values = { name: string; email: string; password: string; confirm_password: string; setup_key: string; setup_token: string };

/**
 * The first owner needs the one-time set-up token of the install (the link the server printed carries it; without
 * the link it is pasted). Once a super admin exists, the setup key is asked for instead (DESIGN section 4).
 */
function checksFor(values: Values, requiresSetupKey: boolean, asksForToken: boolean): Record<keyof Values, FieldCheck> {
  return {
    name: checkName,
    email: checkEmail,
    password: checkNewPassword,
    confirm_password: checkConfirmation(values.password),
    setup_key: (value) => {
      if (value.length > 500) return 'Setup key is too long';
      return requiresSetupKey && !value.trim() ? 'Setup key is required' : null;
    },
    setup_token: (value) => {
      if (value.length > 200) return 'Set-up token is too long';
      return asksForToken && !value.trim() ? 'Set-up token is required' : null;
    },
  };
}

type SuperadminSignupFormProps = {
  requiresSetupKey: boolean;
  /** The set-up token the link carried (`?setup=`); without it the form asks for it. */
  setupToken?: string;
};

export function SuperadminSignupForm({ requiresSetupKey, setupToken }: SuperadminSignupFormProps) {
  const navigate = useNavigate();
  const signup = useAction(signupSuperadmin);
  const asksForToken = !requiresSetupKey && !setupToken;
  const { values, field, validate } = usePlainForm<Values>(
    { name: '', email: '', password: '', confirm_password: '', setup_key: '', setup_token: '' },
    (current) => checksFor(current, requiresSetupKey, asksForToken),
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!validate(event.currentTarget)) return;
    const key = values.setup_key.trim();
    const token = setupToken ?? values.setup_token.trim();
    const response = await signup.run({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      ...(requiresSetupKey && key ? { setup_key: key } : {}),
      ...(!requiresSetupKey && token ? { setup_token: token } : {}),
    });
    if (!response) return;
    startSession(response.token, { user: response.user });
    notify.success('Super admin account created.');
    navigate(ROLE_DASHBOARD[response.user.role], { replace: true });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Super admin sign up" data-testid="superadmin-signup-form" className="pub-form">
      {signup.isError && (
        <FormAlert severity="error" testId="form-error">
          {authErrorMessage(signup.error)}
        </FormAlert>
      )}
      <PlainField label="Full name" autoComplete="name" autoFocus required {...field('name')} />
      <PlainField label="E-mail" type="email" autoComplete="email" required {...field('email')} />
      <NewPasswordPair password={field('password')} confirmation={field('confirm_password')} />
      {requiresSetupKey && (
        <PlainPasswordField label="Setup key" autoComplete="off" required hint="Whoever runs the server can give it to you" {...field('setup_key')} />
      )}
      {asksForToken && (
        <PlainPasswordField
          label="Set-up token"
          autoComplete="off"
          required
          hint="In the link the server printed when it started, or in the file owner-setup-token in its data folder"
          {...field('setup_token')}
        />
      )}
      <SubmitButton loading={signup.isPending} testId="signup-submit">
        Create super admin account
      </SubmitButton>
    </form>
  );
}
