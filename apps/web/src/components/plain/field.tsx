import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { usePlainT } from './i18n';
import { VisibilityIcon, VisibilityOffIcon } from './icons';
import './public.css';

type PlainFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  label: string;
  name: string;
  /** The field's message; it replaces the hint and marks the field invalid. */
  error?: string | null;
  hint?: string;
  /** On the field's wrapper. */
  testId?: string;
  /** Drawn inside the input's box, at its end (the password field's reveal button). */
  adornment?: ReactNode;
};

/** A labelled text input with its hint or error below, for the light public pages (no UI kit). */
export function PlainField({ label, error, hint, id, testId, adornment, required, ...input }: PlainFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `field-${generatedId}`;
  const message = error ?? hint;
  const messageId = `${inputId}-message`;
  return (
    <div className={adornment ? 'pub-field pub-field--password' : 'pub-field'} data-testid={testId}>
      <label htmlFor={inputId} className="pub-field__label">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="pub-field__control">
        <input
          id={inputId}
          className="pub-field__input"
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={message ? messageId : undefined}
          {...input}
        />
        {adornment}
      </div>
      {message && (
        <p id={messageId} className={error ? 'pub-field__hint pub-field__hint--error' : 'pub-field__hint'}>
          {message}
        </p>
      )}
    </div>
  );
}

/** A password input with a button that shows or hides what was typed. */
export function PlainPasswordField(props: Omit<PlainFieldProps, 'type' | 'adornment'>) {
  const { t } = usePlainT();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <PlainField
      {...props}
      type={isVisible ? 'text' : 'password'}
      adornment={
        <button
          type="button"
          className="pub-field__reveal"
          aria-label={isVisible ? t('password.hide') : t('password.show')}
          onClick={() => setIsVisible((visible) => !visible)}
        >
          {isVisible ? <VisibilityOffIcon /> : <VisibilityIcon />}
        </button>
      }
    />
  );
}

type SubmitButtonProps = { children: ReactNode; loading: boolean; testId?: string };

/** The form's main button: disabled with a spinner while the request runs. */
export function SubmitButton({ children, loading, testId }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className="pub-btn pub-btn--primary pub-btn--large"
      disabled={loading}
      aria-busy={loading || undefined}
      data-testid={testId}
    >
      {loading && <span className="pub-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A message above a form: what went wrong (announced at once) or a notice. */
export function FormAlert({ severity, children, testId }: { severity: 'error' | 'info'; children: ReactNode; testId?: string }) {
  return (
    <p className={`pub-alert pub-alert--${severity}`} role={severity === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </p>
  );
}
