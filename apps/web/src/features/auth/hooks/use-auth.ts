import type { AuthResponse, User } from '@agency/schema';
import { createContext, useContext } from 'react';

export type AuthContextValue = {
  isAuthenticated: boolean;
  /** A stored token is being checked against the server (GET /api/auth/me). */
  isRestoring: boolean;
  user: User | null;
  token: string | null;
  signIn: (response: AuthResponse) => void;
  signOut: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
