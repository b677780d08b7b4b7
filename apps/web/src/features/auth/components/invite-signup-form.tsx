import { ROLE_DASHBOARD, type InvitationPreview } from '@agency/schema';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert, PlainField, SubmitButton } from '../../../components/plain/field';
import { checkName, checkNewPassword } from '../../../lib/field-checks';
import { formatDateTime } from '../../../lib/format';
import { startSession } from '../../../lib/session';
import { notify } from '../../../lib/notify';
import { useAction } from '../../../lib/use-action';
import { usePlainForm } from '../../../lib/use-plain-form';
import { signupInvited } from '../api/signup-invited';
import { authErrorMessage } from '../utils/auth-error-message';
import { checkConfirmation, NewPasswordPair } from '../../../components/plain/new-password-pair';
import { useCommonT } from '../../../i18n';
import { useAuthT } from '../i18n';

type Values = { name: string; password: string; confirm_password: string };

function checksFor(values: Values) {
  return { name: checkName, password: checkNewPassword, confirm_password: checkConfirmation(values.password) };
}

type InviteSignupFormProps = { inviteToken: string; invitation: InvitationPreview };

export function InviteSignupForm({ inviteToken, invitation }: InviteSignupFormProps) {
  const { t } = useAuthT();
  const { t: tCommon } = useCommonT();
  const navigate = useNavigate();
  const signup = useAction(signupInvited);
  const { values, field, validate } = usePlainForm<Values>({ name: '', password: '', confirm_password: '' }, checksFor);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!validate(event.currentTarget)) return;
    const response = await signup.run({
      role: invitation.role,
      input: { invite_token: inviteToken, name: values.name.trim(), password: values.password },
    });
    if (!response) return;
    startSession(response.token, { user: response.user, ...(response.mfa_enrolment_required ? { mfa_enrolment_required: true } : {}) });
    notify.success(t('confirmSignup.ready'));
    navigate(ROLE_DASHBOARD[response.user.role], { replace: true });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={t('invitation.formLabel')} data-testid="invite-signup-form" className="pub-form">
      <p className="pub-invite-meta">
        <span className="pub-chip" data-testid="invitation-role">
          {tCommon(`roles.${invitation.role}`)}
        </span>
        <span className="pub-muted">{t('invitation.validUntil', { date: formatDateTime(invitation.expires_at) })}</span>
      </p>
      {signup.isError && (
        <FormAlert severity="error" testId="form-error">
          {authErrorMessage(signup.error)}
        </FormAlert>
      )}
      <PlainField
        label={t('fields.email')}
        name="email"
        value={invitation.email}
        readOnly
        hint={t('invitation.emailHint')}
        data-testid="invited-email"
      />
      <PlainField label={t('fields.fullName')} autoComplete="name" autoFocus required {...field('name')} />
      <NewPasswordPair password={field('password')} confirmation={field('confirm_password')} />
      <SubmitButton loading={signup.isPending} testId="signup-submit">
        {t('invitation.submit')}
      </SubmitButton>
    </form>
  );
}
