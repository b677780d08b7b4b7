import { ROLE_DASHBOARD } from '@agency/schema';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/plain/field';
import { errorMessage, hasErrorCode } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { startSession } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';
import { confirmSignup } from '../api/signup-client';

/**
 * The page of the link a sign-up mail carries: one press makes the account and signs the client in. A press, not the
 * page load, so a mail scanner that opens links cannot make the account for the person.
 */
export function ConfirmSignupPanel({ token }: { token: string }) {
  const navigate = useNavigate();
  const confirm = useAction(confirmSignup);

  async function handleConfirm() {
    const response = await confirm.run({ token });
    if (!response) return;
    startSession(response.token, { user: response.user });
    notify.success('Your account is ready.');
    navigate(ROLE_DASHBOARD[response.user.role], { replace: true });
  }

  return (
    <div className="pub-form">
      {confirm.isError && (
        <FormAlert severity="error" testId="form-error">
          {hasErrorCode(confirm.error, 'LINK_INVALID')
            ? 'This link is invalid, used or expired. Sign up again to get a new one.'
            : errorMessage(confirm.error)}
        </FormAlert>
      )}
      <p>Your e-mail address is confirmed once you press the button: your account is then ready to use.</p>
      <button
        type="button"
        className="pub-btn pub-btn--primary pub-btn--large"
        disabled={confirm.isPending}
        aria-busy={confirm.isPending || undefined}
        onClick={handleConfirm}
        data-testid="confirm-signup"
      >
        {confirm.isPending && <span className="pub-spinner" aria-hidden="true" />}
        Finish signing up
      </button>
    </div>
  );
}
