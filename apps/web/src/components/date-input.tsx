import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { format, isValid, parseISO } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useCommonT } from '../i18n';
import { useValidationText } from '../lib/validation-text';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** What a date that is typed only in part, or is impossible, is handed on as: the form or the server refuses it. */
export const INCOMPLETE_DATE = 'incomplete-date';

function toDate(value: string): Date | null {
  if (!value) return null;
  const parsed = parseISO(value);
  return isValid(parsed) ? parsed : null;
}

function toValue(date: Date | null): string {
  if (date === null) return '';
  return isValid(date) ? format(date, 'yyyy-MM-dd') : INCOMPLETE_DATE;
}

export type DateInputProps = {
  label: string;
  /** `yyyy-MM-dd`, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The earliest day offered, `yyyy-MM-dd`. */
  min?: string;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  name?: string;
  sx?: SxProps<Theme>;
  fullWidth?: boolean;
};

/**
 * A date typed or picked the British way (dd/mm/yyyy, weeks from Monday), whatever the browser's language, and
 * handed on as `yyyy-MM-dd`. A date typed in part is kept on screen and handed on as INCOMPLETE_DATE, so that it
 * is refused with a message rather than dropped.
 */
export function DateInput({ label, value, onChange, onBlur, min, disabled, required, error, helperText, name, sx, fullWidth }: DateInputProps) {
  const [date, setDate] = useState<Date | null>(() => toDate(value));
  const emitted = useRef(value);
  useEffect(() => {
    // A value set from outside (a reset, a loaded record) replaces what is on screen; our own echo does not.
    if (value !== emitted.current) {
      emitted.current = value;
      setDate(toDate(value));
    }
  }, [value]);

  const { t } = useCommonT();
  // The picker's own words (its button, its sections' names and placeholders) in the reader's language.
  const localeText = useMemo(
    () => ({
      openDatePickerDialogue: (formatted: string | null) => (formatted ? t('datePicker.chosen', { date: formatted }) : t('datePicker.choose')),
      year: t('datePicker.year'),
      month: t('datePicker.month'),
      day: t('datePicker.day'),
      fieldYearPlaceholder: (params: { digitAmount: number }) => t('datePicker.yearLetter').repeat(params.digitAmount),
      fieldMonthPlaceholder: (params: { contentType: string }) =>
        params.contentType === 'letter' ? t('datePicker.monthNamePlaceholder') : t('datePicker.monthPlaceholder'),
      fieldDayPlaceholder: () => t('datePicker.dayPlaceholder'),
    }),
    [t],
  );
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enGB} localeText={localeText}>
      <DatePicker
        label={label}
        value={date}
        format="dd/MM/yyyy"
        minDate={min ? (toDate(min) ?? undefined) : undefined}
        disabled={disabled}
        onChange={(next) => {
          setDate(next);
          const text = toValue(next);
          emitted.current = text;
          onChange(text);
        }}
        sx={sx}
        slotProps={{
          textField: {
            name,
            required,
            error,
            helperText,
            onBlur,
            fullWidth,
          },
        }}
      />
    </LocalizationProvider>
  );
}

type FormDateInputProps<T extends FieldValues, TTransformed> = Omit<DateInputProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name'> & {
  control: Control<T, unknown, TTransformed>;
  name: Path<T>;
};

/** DateInput bound to a react-hook-form field; the field's error replaces the helper text. */
export function FormDateInput<T extends FieldValues, TTransformed = T>({ control, name, helperText, ...props }: FormDateInputProps<T, TTransformed>) {
  const text = useValidationText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          {...props}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? text(fieldState.error.message) : helperText}
        />
      )}
    />
  );
}
