import { useState, type FormEvent } from 'react';
import { FormAlert, PlainField, SubmitButton } from '../../../components/plain/field';
import { checkEmail, checkName, checkNewPassword, checkOptionalText } from '../../../lib/field-checks';
import { useAction } from '../../../lib/use-action';
import { usePlainForm } from '../../../lib/use-plain-form';
import { signupClient } from '../api/signup-client';
import { authErrorMessage } from '../utils/auth-error-message';
import { checkConfirmation, NewPasswordPair } from '../../../components/plain/new-password-pair';
import { i18n } from '../../../i18n';
import { useAuthT } from '../i18n';
import { RichText } from '../../../components/plain/rich-text';

type Values = { name: string; email: string; password: string; confirm_password: string; company: string; phone: string };

const EMPTY: Values = { name: '', email: '', password: '', confirm_password: '', company: '', phone: '' };

function checksFor(values: Values) {
  return {
    name: checkName,
    email: checkEmail,
    password: checkNewPassword,
    confirm_password: checkConfirmation(values.password),
    company: checkOptionalText(120, i18n.t('auth:clientSignup.companyName')),
    phone: checkOptionalText(40, i18n.t('auth:clientSignup.phoneName')),
  };
}

/**
 * A client signs up: the account is made once the link mailed to the address is opened (the server answers every
 * address the same way, so the form then only says where to look).
 */
export function ClientSignupForm() {
  const { t } = useAuthT();
  const signup = useAction(signupClient);
  const { values, field, validate } = usePlainForm(EMPTY, checksFor);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!validate(event.currentTarget)) return;
    const response = await signup.run({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      ...(values.company.trim() ? { company: values.company.trim() } : {}),
      ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
    });
    if (response) setSentTo(response.email);
  }

  if (sentTo) {
    return (
      <div className="pub-form" data-testid="signup-sent" role="status">
        <p className="pub-alert pub-alert--info">
          <RichText text={t('clientSignup.sent', { email: sentTo })} components={{ strong: <strong /> }} />
        </p>
        <p>{t('clientSignup.sentHelp')}</p>
        <button type="button" className="pub-btn pub-btn--outline" onClick={() => setSentTo(null)} data-testid="signup-again">
          {t('clientSignup.changeAddress')}
        </button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={t('clientSignup.formLabel')} data-testid="client-signup-form" className="pub-form">
      {signup.isError && (
        <FormAlert severity="error" testId="form-error">
          {authErrorMessage(signup.error)}
        </FormAlert>
      )}
      <PlainField label={t('fields.fullName')} autoComplete="name" autoFocus required {...field('name')} />
      <PlainField label={t('fields.email')} type="email" autoComplete="email" required {...field('email')} />
      <NewPasswordPair password={field('password')} confirmation={field('confirm_password')} />
      <div className="pub-two-columns">
        <PlainField label={t('clientSignup.company')} autoComplete="organization" hint={t('clientSignup.companyHint')} {...field('company')} />
        <PlainField label={t('clientSignup.phone')} type="tel" autoComplete="tel" {...field('phone')} />
      </div>
      <SubmitButton loading={signup.isPending} testId="signup-submit">
        {t('clientSignup.submit')}
      </SubmitButton>
    </form>
  );
}
