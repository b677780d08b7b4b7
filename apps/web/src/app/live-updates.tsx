import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../features/auth/hooks/use-auth';
import { openLiveEvents } from './live-events';

/** While someone is signed in, their event stream keeps chat, inbox, badges and lists fresh. Renders nothing. */
export function LiveUpdates() {
  const { token, user } = useAuth();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || !token) return;
    return openLiveEvents(token, userId, queryClient);
  }, [userId, token, queryClient]);
  return null;
}
