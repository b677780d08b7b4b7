import { clientSignupInput, inviteSignupInput, superadminSignupInput } from '@agency/schema';
import { z } from 'zod';

const PASSWORDS_DIFFER = 'Passwords do not match';
const confirmPassword = z.string().min(1, 'Confirm your password');

export const clientSignupFormSchema = clientSignupInput
  .extend({ confirm_password: confirmPassword })
  .refine((values) => values.password === values.confirm_password, {
    message: PASSWORDS_DIFFER,
    path: ['confirm_password'],
  });

export const inviteSignupFormSchema = inviteSignupInput
  .omit({ invite_token: true })
  .extend({ confirm_password: confirmPassword })
  .refine((values) => values.password === values.confirm_password, {
    message: PASSWORDS_DIFFER,
    path: ['confirm_password'],
  });

/** The setup key is asked for (and required) only once a super admin exists (DESIGN section 4). */
export function superadminSignupFormSchema(requiresSetupKey: boolean) {
  return superadminSignupInput.extend({ confirm_password: confirmPassword }).superRefine((values, ctx) => {
    if (values.password !== values.confirm_password) {
      ctx.addIssue({ code: 'custom', message: PASSWORDS_DIFFER, path: ['confirm_password'] });
    }
    if (requiresSetupKey && !values.setup_key?.trim()) {
      ctx.addIssue({ code: 'custom', message: 'Setup key is required', path: ['setup_key'] });
    }
  });
}
