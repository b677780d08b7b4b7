import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useAuth } from './use-auth';

export function useLogout() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const logout = useCallback(async () => {
    setIsLoggingOut(true);
    await signOut();
    navigate(paths.login, { replace: true });
  }, [navigate, signOut]);

  return { logout, isLoggingOut };
}
