import { ROLE_DASHBOARD } from '@agency/schema';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/plain/field';
import { errorMessage, hasErrorCode } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { startSession } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';
import { confirmSignup } from '../api/signup-client';
import { useAuthT } from '../i18n';

/**
 * The page of the link a sign-up mail carries: one press makes the account and signs the client in. A press, not the
 * page load, so a mail scanner that opens links cannot make the account for the person.
 */
export function ConfirmSignupPanel({ token }: { token: string }) {
  const { t } = useAuthT();
  const navigate = useNavigate();
  const confirm = useAction(confirmSignup);

  async function handleConfirm() {
    const response = await confirm.run({ token });
    if (!response) return;
    startSession(response.token, { user: response.user });
    notify.success(t('confirmSignup.ready'));
    navigate(ROLE_DASHBOARD[response.user.role], { replace: true });
  }

  return (
    <div className="pub-form">
      {confirm.isError && (
        <FormAlert severity="error" testId="form-error">
          {hasErrorCode(confirm.error, 'LINK_INVALID') ? t('confirmSignup.linkInvalid') : errorMessage(confirm.error)}
        </FormAlert>
      )}
      <p>{t('confirmSignup.explain')}</p>
      <button
        type="button"
        className="pub-btn pub-btn--primary pub-btn--large"
        disabled={confirm.isPending}
        aria-busy={confirm.isPending || undefined}
        onClick={handleConfirm}
        data-testid="confirm-signup"
      >
        {confirm.isPending && <span className="pub-spinner" aria-hidden="true" />}
        {t('confirmSignup.submit')}
      </button>
    </div>
  );
}
