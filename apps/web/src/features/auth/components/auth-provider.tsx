import { STORAGE_KEY_USER_ID, type AuthResponse } from '@agency/schema';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { setEnrolmentRequiredListener, setUnauthorizedListener } from '../../../lib/http';
import { isPublicQueryKey, queryKeys } from '../../../lib/query-keys';
import { forgetSession, knownSession, onSessionStart, rememberSession } from '../../../lib/session';
import { clearAllStorage, readToken, removeSession, writeSession } from '../../../lib/storage';
import { getMe } from '../api/get-me';
import { logout } from '../api/logout';
import { AuthContext, type AuthContextValue } from '../hooks/use-auth';

/** Drops everything cached for the previous user; public data (config, invitation preview) stays. */
function removeUserQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !isPublicQueryKey(query.queryKey) });
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readToken());
  const [hasSignedOut, setHasSignedOut] = useState(false);

  const me = useQuery({
    queryKey: queryKeys.me,
    queryFn: getMe,
    enabled: token !== null,
    staleTime: Infinity,
    // Known already when the person signed in on a light page, or when one of those asked.
    initialData: () => knownSession(token),
  });
  const user = token !== null ? (me.data?.user ?? null) : null;
  const mfaEnrolmentRequired = user !== null && me.data?.mfa_enrolment_required === true;

  useEffect(() => {
    setUnauthorizedListener(() => {
      removeSession();
      forgetSession();
      setToken(null);
      removeUserQueries(queryClient);
    });
    setEnrolmentRequiredListener(() => void queryClient.invalidateQueries({ queryKey: queryKeys.me }));
    return () => {
      setUnauthorizedListener(null);
      setEnrolmentRequiredListener(null);
    };
  }, [queryClient]);

  useEffect(() => {
    if (user) localStorage.setItem(STORAGE_KEY_USER_ID, user.id);
  }, [user]);

  // The light public pages read who is signed in from the same record.
  useEffect(() => {
    if (token !== null && me.data) rememberSession(token, me.data);
  }, [token, me.data]);

  const signIn = useCallback(
    (response: AuthResponse) => {
      removeUserQueries(queryClient);
      writeSession(response.token, response.user.id);
      setHasSignedOut(false);
      queryClient.setQueryData(queryKeys.me, {
        user: response.user,
        ...(response.mfa_enrolment_required ? { mfa_enrolment_required: true } : {}),
      });
      setToken(response.token);
    },
    [queryClient],
  );

  // A sign-in on a light page while this state is mounted (a test's tree, or a page kept around) is taken over too.
  useEffect(
    () =>
      onSessionStart((newToken, newMe) => {
        removeUserQueries(queryClient);
        setHasSignedOut(false);
        queryClient.setQueryData(queryKeys.me, newMe);
        setToken(newToken);
      }),
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch {
      // The session is dropped locally whatever the server answers.
    }
    setHasSignedOut(true);
    setToken(null);
    clearAllStorage();
    forgetSession();
    removeUserQueries(queryClient);
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      isAuthenticated: user !== null,
      isRestoring: token !== null && me.isPending,
      user,
      token,
      mfaEnrolmentRequired,
      hasSignedOut,
      signIn,
      signOut,
    }),
    [hasSignedOut, me.isPending, mfaEnrolmentRequired, signIn, signOut, token, user],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
