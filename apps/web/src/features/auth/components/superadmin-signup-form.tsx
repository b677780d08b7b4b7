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
import { i18n } from '../../../i18n';
import { useAuthT } from '../i18n';

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
      if (value.length > 500) return i18n.t('auth:superadmin.setupKeyTooLong');
      return requiresSetupKey && !value.trim() ? i18n.t('auth:superadmin.setupKeyRequired') : null;
    },
    setup_token: (value) => {
      if (value.length > 200) return i18n.t('auth:superadmin.setupTokenTooLong');
      return asksForToken && !value.trim() ? i18n.t('auth:superadmin.setupTokenRequired') : null;
    },
  };
}

type SuperadminSignupFormProps = {
  requiresSetupKey: boolean;
  /** The set-up token the link carried (`?setup=`); without it the form asks for it. */
  setupToken?: string;
};

export function SuperadminSignupForm({ requiresSetupKey, setupToken }: SuperadminSignupFormProps) {
  const { t } = useAuthT();
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
    notify.success(t('superadmin.created'));
    navigate(ROLE_DASHBOARD[response.user.role], { replace: true });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={t('superadmin.formLabel')} data-testid="superadmin-signup-form" className="pub-form">
      {signup.isError && (
        <FormAlert severity="error" testId="form-error">
          {authErrorMessage(signup.error)}
        </FormAlert>
      )}
      <PlainField label={t('fields.fullName')} autoComplete="name" autoFocus required {...field('name')} />
      <PlainField label={t('fields.email')} type="email" autoComplete="email" required {...field('email')} />
      <NewPasswordPair password={field('password')} confirmation={field('confirm_password')} />
      {requiresSetupKey && (
        <PlainPasswordField
          label={t('superadmin.setupKey')}
          autoComplete="off"
          required
          hint={t('superadmin.setupKeyHint')}
          {...field('setup_key')}
        />
      )}
      {asksForToken && (
        <PlainPasswordField
          label={t('superadmin.setupToken')}
          autoComplete="off"
          required
          hint={t('superadmin.setupTokenHint')}
          {...field('setup_token')}
        />
      )}
      <SubmitButton loading={signup.isPending} testId="signup-submit">
        {t('superadmin.submit')}
      </SubmitButton>
    </form>
  );
}
