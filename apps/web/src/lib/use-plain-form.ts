import { useState } from 'react';
import { checkFields, type FieldCheck } from './field-checks';
import { useValidationText } from './validation-text';

type Messages<K extends string> = Partial<Record<K, string | null>>;

/**
 * The state of a light public form: its text fields, their messages and the props each field takes. Fields are
 * checked when the form is sent, and from then on as they are typed. `checksFor` gets the current values, for
 * checks that compare fields (the password's confirmation). The field order is the order of `initial`.
 */
export function usePlainForm<V extends Record<string, string>>(initial: V, checksFor: (values: V) => Partial<Record<keyof V & string, FieldCheck>>) {
  type Name = keyof V & string;
  const text = useValidationText();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Messages<Name>>({});
  const [wasSubmitted, setWasSubmitted] = useState(false);

  function change(name: Name, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (wasSubmitted) setErrors(checkFields(next, checksFor(next)).errors);
  }

  /** Checks every field; when one is wrong, shows the messages and moves the focus to the first wrong field. */
  function validate(form: HTMLFormElement): boolean {
    setWasSubmitted(true);
    const checked = checkFields(values, checksFor(values));
    setErrors(checked.errors);
    if (!checked.valid) {
      const firstInvalid = (Object.keys(values) as Name[]).find((name) => checked.errors[name]);
      form.querySelector<HTMLInputElement>(`input[name="${firstInvalid}"]`)?.focus();
    }
    return checked.valid;
  }

  const field = (name: Name) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    // The checks write British English; the field shows the reader's language.
    error: errors[name] ? text(errors[name]) : errors[name],
  });

  return { values, field, validate };
}
