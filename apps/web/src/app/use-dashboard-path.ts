import { ROLE_DASHBOARD } from '@agency/schema';
import { useAuth } from '../features/auth/hooks/use-auth';

/** The signed-in person's own dashboard, or undefined when nobody is signed in. */
export function useDashboardPath(): string | undefined {
  const { user } = useAuth();
  return user ? ROLE_DASHBOARD[user.role] : undefined;
}
