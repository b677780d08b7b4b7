import { PASSWORD_MIN_LENGTH } from '@agency/schema';
import Box from '@mui/material/Box';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormPasswordField } from '../../../components/form-password-field';

/** Two fields side by side from the small breakpoint up, stacked on phones. */
export const twoColumns = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

type WithNewPassword = FieldValues & { password: string; confirm_password: string };

/** The password and its confirmation, as every signup form asks for them. */
export function NewPasswordFields<T extends WithNewPassword>({ control }: { control: Control<T> }) {
  return (
    <Box sx={twoColumns}>
      <FormPasswordField
        control={control}
        name={'password' as Path<T>}
        label="Password"
        autoComplete="new-password"
        required
        helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
      />
      <FormPasswordField control={control} name={'confirm_password' as Path<T>} label="Confirm password" autoComplete="new-password" required />
    </Box>
  );
}
