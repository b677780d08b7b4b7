import { ROLE_DASHBOARD } from '@agency/schema';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert, PlainField, SubmitButton } from '../../../components/plain/field';
import { checkConfirmation, NewPasswordPair } from '../../../components/plain/new-password-pair';
import { checkName, checkNewPassword } from '../../../lib/field-checks';
import { errorMessage, hasErrorCode } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { startSession } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';
import { usePlainForm } from '../../../lib/use-plain-form';
import { i18n } from '../../../i18n';
import { acceptCompanyInvitation } from '../api/accept-company-invitation';
import { useCompanyInvitationT } from '../invitation-i18n';

type Values = { name: string; password: string; confirm_password: string };

function checksFor(values: Values) {
  return { name: checkName, password: checkNewPassword, confirm_password: checkConfirmation(values.password) };
}

/** What went wrong, with the way on when the link itself is spent. */
function problemText(error: unknown): string {
  const message = errorMessage(error);
  if (!hasErrorCode(error, 'INVITATION_INVALID')) return message;
  return i18n.t('companyInvitation:linkSpent', { message: message.replace(/\.$/, '') });
}

/**
 * A colleague joins their company from the invitation link: name and password, then signed in on the client
 * dashboard. Plain markup: the light invitation page loads neither the UI kit nor the query library.
 */
export function CompanyInvitationForm({ inviteToken }: { inviteToken: string }) {
  const { t } = useCompanyInvitationT();
  const navigate = useNavigate();
  const accept = useAction(acceptCompanyInvitation);
  const { values, field, validate } = usePlainForm<Values>({ name: '', password: '', confirm_password: '' }, checksFor);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!validate(event.currentTarget)) return;
    const response = await accept.run({ invite_token: inviteToken, name: values.name.trim(), password: values.password });
    if (!response) return;
    startSession(response.token, { user: response.user });
    notify.success(t('ready'));
    navigate(ROLE_DASHBOARD[response.user.role], { replace: true });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={t('formLabel')} data-testid="company-invitation-form" className="pub-form">
      {accept.isError && (
        <FormAlert severity="error" testId="form-error">
          {problemText(accept.error)}
        </FormAlert>
      )}
      <PlainField label={t('fullName')} autoComplete="name" autoFocus required {...field('name')} />
      <NewPasswordPair password={field('password')} confirmation={field('confirm_password')} />
      <SubmitButton loading={accept.isPending} testId="company-invitation-submit">
        {t('submit')}
      </SubmitButton>
    </form>
  );
}
