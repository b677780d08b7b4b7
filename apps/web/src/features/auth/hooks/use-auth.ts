import type { AuthResponse, User } from '@agency/schema';
import { createContext, useContext } from 'react';

export type AuthContextValue = {
  isAuthenticated: boolean;
  /** A stored token is being checked against the server (GET /api/auth/me). */
  isRestoring: boolean;
  user: User | null;
  token: string | null;
  /** A staff account that must turn on two-factor authentication before anything else (REQUIRE_STAFF_2FA). */
  mfaEnrolmentRequired: boolean;
  /** The person logged out on this page: guarded screens then send to the login page without a way back. */
  hasSignedOut: boolean;
  signIn: (response: AuthResponse) => void;
  signOut: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
