import { PASSWORD_MIN_LENGTH } from '@agency/schema';
import { PlainPasswordField } from './field';
import type { FieldCheck } from '../../lib/field-checks';

type Field = { value: string; onChange: (event: { target: { value: string } }) => void; error?: string | null };

/** The password and its confirmation, as every sign-up form asks for them (side by side from 600 px). */
export function NewPasswordPair({ password, confirmation }: { password: Field; confirmation: Field }) {
  return (
    <div className="pub-two-columns">
      <PlainPasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        {...password}
      />
      <PlainPasswordField label="Confirm password" name="confirm_password" autoComplete="new-password" required {...confirmation} />
    </div>
  );
}

/** The confirmation's check: given, and the same as the password. */
export function checkConfirmation(password: string): FieldCheck {
  return (value) => {
    if (value === '') return 'Confirm your password';
    return value === password ? null : 'Passwords do not match';
  };
}
