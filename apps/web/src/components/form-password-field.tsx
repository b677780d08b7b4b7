import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useCommonT } from '../i18n';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

export function FormPasswordField<T extends FieldValues, TTransformed = T>(props: Omit<FormTextFieldProps<T, TTransformed>, 'type'>) {
  const { t } = useCommonT();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={isVisible ? t('shared.hidePassword') : t('shared.showPassword')}
                onClick={() => setIsVisible((visible) => !visible)}
                edge="end"
                size="small"
              >
                {isVisible ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
