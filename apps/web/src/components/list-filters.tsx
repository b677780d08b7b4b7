import SearchIcon from '@mui/icons-material/Search';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type InputHTMLAttributes } from 'react';

// A list screen's search box and filters, drawn in MUI's small outlined frame from its input parts. The kit's
// `TextField` imports its `Select` whether or not a field selects, and with it the menu, popover, modal and focus
// trap (about 25 KB gzip): a screen that shows only these fields does not load them cold. A filter is the browser's
// own `<select>`, which a phone shows as its own picker and a keyboard opens with the arrow keys.

type DataAttributes = { [key: `data-${string}`]: string | undefined };

export type FilterOption = { value: string; label: string };

type FilterSelectProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly FilterOption[];
  /** Shown, and not choosable, while `value` matches no option. */
  placeholder?: string;
  disabled?: boolean;
  sx?: SxProps<Theme>;
  inputProps?: DataAttributes;
};

/** A labelled filter: a native select in the outlined frame, its label always raised. */
export function FilterSelect({ label, value, onChange, options, placeholder, disabled, sx, inputProps }: FilterSelectProps) {
  const id = useId();
  const isKnown = options.some((option) => option.value === value);
  return (
    <FormControl size="small" sx={sx} disabled={disabled}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={isKnown ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput label={label} notched />}
        inputProps={{ id, ...inputProps }}
      >
        {!isKnown && (
          <option value="" disabled>
            {placeholder ?? ''}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}

type SearchFieldProps = {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** A visible label; without one, `ariaLabel` names the field. */
  label?: string;
  ariaLabel?: string;
  sx?: SxProps<Theme>;
  inputProps?: DataAttributes & Pick<InputHTMLAttributes<HTMLInputElement>, 'maxLength'>;
};

/** A search box with the magnifier at its start. */
export function SearchField({ value, onChange, placeholder, label, ariaLabel, sx, inputProps }: SearchFieldProps) {
  const id = useId();
  return (
    <FormControl size="small" sx={sx}>
      {label && <InputLabel htmlFor={id}>{label}</InputLabel>}
      <OutlinedInput
        id={id}
        type="search"
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
        inputProps={{ 'aria-label': label ? undefined : ariaLabel, ...inputProps }}
      />
    </FormControl>
  );
}
