import { PASSWORD_MIN_LENGTH } from '@agency/schema';
import { PlainPasswordField } from './field';
import type { FieldCheck } from '../../lib/field-checks';
import { i18n } from '../../i18n';
import { usePlainT } from './i18n';

type Field = { value: string; onChange: (event: { target: { value: string } }) => void; error?: string | null };

/** The password and its confirmation, as every sign-up form asks for them (side by side from 600 px). */
export function NewPasswordPair({ password, confirmation }: { password: Field; confirmation: Field }) {
  const { t } = usePlainT();
  return (
    <div className="pub-two-columns">
      <PlainPasswordField
        label={t('password.label')}
        name="password"
        autoComplete="new-password"
        required
        hint={t('password.hint', { count: PASSWORD_MIN_LENGTH })}
        {...password}
      />
      <PlainPasswordField label={t('password.confirm')} name="confirm_password" autoComplete="new-password" required {...confirmation} />
    </div>
  );
}

/** The confirmation's check: given, and the same as the password. */
export function checkConfirmation(password: string): FieldCheck {
  return (value) => {
    if (value === '') return i18n.t('plain:password.confirmRequired');
    return value === password ? null : i18n.t('plain:password.mismatch');
  };
}
