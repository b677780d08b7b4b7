import type { AuthResponse } from '@agency/schema';
import { useState, type FormEvent } from 'react';
import { FormAlert, PlainField, SubmitButton } from '../../../components/plain/field';
import { checkRecoveryCode, checkTotpCode } from '../../../lib/field-checks';
import { hasErrorCode } from '../../../lib/http';
import { useAction } from '../../../lib/use-action';
import { loginSecondStep } from '../api/login-second-step';
import { useAuthT } from '../i18n';
import { authErrorMessage } from '../utils/auth-error-message';

type SecondStepFormProps = {
  mfaToken: string;
  email: string;
  onSignedIn: (response: AuthResponse) => void;
  /** Back to the password, with a reason to show (or none when the person chose to go back). */
  onRestart: (message: string | null) => void;
};

export function SecondStepForm({ mfaToken, email, onSignedIn, onRestart }: SecondStepFormProps) {
  const { t } = useAuthT();
  const secondStep = useAction(loginSecondStep);
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const message = (useRecovery ? checkRecoveryCode : checkTotpCode)(value);
    setFieldError(message);
    if (message) return;
    const response = await secondStep.run(
      useRecovery ? { mfa_token: mfaToken, recovery_code: value.trim() } : { mfa_token: mfaToken, code: value.replace(/\s+/g, '') },
      // A challenge that expired or was used up: back to the password, saying why.
      (error) => {
        if (hasErrorCode(error, 'MFA_CHALLENGE_INVALID')) onRestart(authErrorMessage(error));
      },
    );
    if (response) onSignedIn(response);
  }

  function handleSwitch() {
    setUseRecovery((current) => !current);
    setValue('');
    setFieldError(null);
    secondStep.reset();
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={t('mfa.formLabel')} data-testid="mfa-form" className="pub-form">
      <p className="pub-muted" style={{ margin: 0 }}>
        {useRecovery ? t('mfa.recoveryIntro', { email }) : t('mfa.codeIntro', { email })}
      </p>
      {secondStep.isError && (
        <FormAlert severity="error" testId="form-error">
          {authErrorMessage(secondStep.error)}
        </FormAlert>
      )}
      <PlainField
        key={useRecovery ? 'recovery' : 'code'}
        label={useRecovery ? t('mfa.recoveryCode') : t('mfa.code')}
        name={useRecovery ? 'recovery_code' : 'code'}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={fieldError}
        hint={useRecovery ? t('mfa.recoveryHint') : undefined}
        autoComplete="one-time-code"
        autoFocus
        testId="mfa-code-field"
        {...(useRecovery ? { spellCheck: false, autoCapitalize: 'none' } : { inputMode: 'numeric' as const, maxLength: 7 })}
      />
      <SubmitButton loading={secondStep.isPending} testId="mfa-submit">
        {t('mfa.submit')}
      </SubmitButton>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between' }}>
        <button type="button" className="pub-btn pub-btn--text" onClick={handleSwitch} data-testid="mfa-switch">
          {useRecovery ? t('mfa.useApp') : t('mfa.useRecovery')}
        </button>
        <button type="button" className="pub-btn pub-btn--quiet" onClick={() => onRestart(null)}>
          {t('mfa.back')}
        </button>
      </div>
    </form>
  );
}
