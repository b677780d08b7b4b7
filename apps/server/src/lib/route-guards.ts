import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../core/actor.js';
import { AppError } from '../core/errors.js';
import { mayTry, type Action } from '../core/policy.js';

type HookDone = (err?: Error) => void;

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved from the bearer token before any route runs (plugins/auth.ts); null when signed out. */
    actor: Actor | null;
  }
}

/** The signed-in actor, or 401. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}

/**
 * An onRequest hook from the access policy: 401 when not signed in, 403 when the caller's role (a client's, its role
 * in its company) may never take this action. It runs before the body is read; the service then decides on the
 * record itself.
 */
export function access(action: Action) {
  // A callback hook, as the ones below: no promise per request.
  return (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
    if (!request.actor) return done(new AppError('UNAUTHENTICATED'));
    done(mayTry(request.actor, action) ? undefined : new AppError('FORBIDDEN'));
  };
}

/** onRequest hook for routes open to every signed-in person. */
export function requireSignIn(request: FastifyRequest, _reply: FastifyReply, done: HookDone) {
  done(request.actor ? undefined : new AppError('UNAUTHENTICATED'));
}
