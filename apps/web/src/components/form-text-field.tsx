import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useValidationText } from '../lib/validation-text';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues, TTransformed = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'defaultValue'
> & {
  // A field reads and writes the form's input values; what the resolver turns them into is carried along.
  control: Control<T, unknown, TTransformed>;
  name: Path<T>;
};

/** An MUI text field bound to react-hook-form; shows the field's validation message. */
export function FormTextField<T extends FieldValues, TTransformed = T>({ control, name, helperText, ...props }: FormTextFieldProps<T, TTransformed>) {
  const text = useValidationText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? text(fieldState.error.message) : helperText}
        />
      )}
    />
  );
}
