// Who is signed in, for the light public pages (header, sign-in, payment result), which load without the query
// library: the stored token and the `/api/auth/me` answer for it, asked at most once per token and page load.
// The auth state of the signed-in screens (AuthProvider) shares this record both ways, so moving between the two
// kinds of page asks the server nothing again.
import type { MeResponse } from '@agency/schema';
import { useEffect, useSyncExternalStore } from 'react';
import { hasErrorCode, request } from './http';
import { readToken, removeSession, writeSession } from './storage';

export type Session = {
  token: string | null;
  me: MeResponse | null;
  /** The token is being checked against the server. */
  isRestoring: boolean;
};

const SIGNED_OUT: Session = { token: null, me: null, isRestoring: false };

let current: Session = SIGNED_OUT;
const listeners = new Set<() => void>();

function publish(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let pending: Session = SIGNED_OUT;

/** What is known of the stored token, without asking anything (safe while rendering; the same object until it changes). */
function snapshot(): Session {
  const token = readToken();
  if (token === current.token) return current;
  if (token === null) return SIGNED_OUT;
  if (pending.token !== token) pending = { token, me: null, isRestoring: true };
  return pending;
}

/** Asks the server who the stored token belongs to, unless that is known or being asked. */
function restore(): void {
  const token = readToken();
  if (token === current.token) return;
  if (token === null) return publish(SIGNED_OUT);
  publish({ token, me: null, isRestoring: true });
  request<MeResponse>('/auth/me').then(
    (me) => {
      if (current.token === token) publish({ token, me, isRestoring: false });
    },
    (error: unknown) => {
      if (current.token !== token) return;
      // A token the server no longer accepts is dropped; on any other failure the page shows no one.
      if (hasErrorCode(error, 'UNAUTHENTICATED')) removeSession();
      publish({ token, me: null, isRestoring: false });
    },
  );
}

/** The session for a light page; the first caller for a token asks the server. */
export function useSession(): Session {
  const session = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(restore, [session.token]);
  return session;
}

/** Records a sign-in (or a fresh answer of `/auth/me`) for the stored token. */
export function rememberSession(token: string, me: MeResponse): void {
  publish({ token, me, isRestoring: false });
}

type StartListener = (token: string, me: MeResponse) => void;
const startListeners = new Set<StartListener>();

/** Told of every sign-in on a light page (the auth state of the signed-in screens, when it is mounted). */
export function onSessionStart(listener: StartListener): () => void {
  startListeners.add(listener);
  return () => startListeners.delete(listener);
}

/** Stores the token of a new session and records who it is. */
export function startSession(token: string, me: MeResponse): void {
  writeSession(token, me.user.id);
  rememberSession(token, me);
  for (const listener of startListeners) listener(token, me);
}

/** The recorded answer for this token, if there is one. */
export function knownSession(token: string | null): MeResponse | undefined {
  return token !== null && current.token === token && current.me ? current.me : undefined;
}

/** Forgets the recorded session (after sign-out). */
export function forgetSession(): void {
  publish(SIGNED_OUT);
}
