import { ROLE_DASHBOARD } from '@agency/schema';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert, PlainField, SubmitButton } from '../../../components/plain/field';
import { checkEmail, checkName, checkNewPassword, checkOptionalText } from '../../../lib/field-checks';
import { startSession } from '../../../lib/session';
import { notify } from '../../../lib/notify';
import { useAction } from '../../../lib/use-action';
import { usePlainForm } from '../../../lib/use-plain-form';
import { signupClient } from '../api/signup-client';
import { authErrorMessage } from '../utils/auth-error-message';
import { checkConfirmation, NewPasswordPair } from '../../../components/plain/new-password-pair';

type Values = { name: string; email: string; password: string; confirm_password: string; company: string; phone: string };

const EMPTY: Values = { name: '', email: '', password: '', confirm_password: '', company: '', phone: '' };

function checksFor(values: Values) {
  return {
    name: checkName,
    email: checkEmail,
    password: checkNewPassword,
    confirm_password: checkConfirmation(values.password),
    company: checkOptionalText(120, 'Company'),
    phone: checkOptionalText(40, 'Phone'),
  };
}

export function ClientSignupForm() {
  const navigate = useNavigate();
  const signup = useAction(signupClient);
  const { values, field, validate } = usePlainForm(EMPTY, checksFor);

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
    if (!response) return;
    startSession(response.token, { user: response.user });
    notify.success('Your account is ready.');
    navigate(ROLE_DASHBOARD[response.user.role], { replace: true });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Client sign up" data-testid="client-signup-form" className="pub-form">
      {signup.isError && (
        <FormAlert severity="error" testId="form-error">
          {authErrorMessage(signup.error)}
        </FormAlert>
      )}
      <PlainField label="Full name" autoComplete="name" autoFocus required {...field('name')} />
      <PlainField label="E-mail" type="email" autoComplete="email" required {...field('email')} />
      <NewPasswordPair password={field('password')} confirmation={field('confirm_password')} />
      <div className="pub-two-columns">
        <PlainField label="Company (optional)" autoComplete="organization" {...field('company')} />
        <PlainField label="Phone (optional)" type="tel" autoComplete="tel" {...field('phone')} />
      </div>
      <SubmitButton loading={signup.isPending} testId="signup-submit">
        Create account
      </SubmitButton>
    </form>
  );
}
