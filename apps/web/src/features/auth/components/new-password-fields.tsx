import { PASSWORD_MIN_LENGTH } from '@agency/schema';
import Box from '@mui/material/Box';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormPasswordField } from '../../../components/form-password-field';
import { useAuthT } from '../i18n';

type WithNewPassword = FieldValues & { password: string; confirm_password: string };

/**
 * The password and its confirmation, one above the other: the card they sit in is narrow at every width, and side by
 * side their labels ("Confirm password") ran under the show-password button.
 */
export function NewPasswordFields<T extends WithNewPassword>({ control }: { control: Control<T> }) {
  const { t } = useAuthT();
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <FormPasswordField
        control={control}
        name={'password' as Path<T>}
        label={t('fields.password')}
        autoComplete="new-password"
        required
        helperText={t('fields.passwordHint', { count: PASSWORD_MIN_LENGTH })}
      />
      <FormPasswordField
        control={control}
        name={'confirm_password' as Path<T>}
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        required
      />
    </Box>
  );
}
