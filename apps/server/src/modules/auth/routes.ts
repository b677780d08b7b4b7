import {
  authResponseSchema,
  clientSignupInput,
  loginInput,
  loginResponseSchema,
  loginSecondStepInput,
  meResponseSchema,
  passwordResetCheckInput,
  passwordResetConfirmInput,
  passwordResetRequestedSchema,
  passwordResetRequestInput,
  signupConfirmInput,
  signupRequestedSchema,
  superadminSignupInput,
} from '@agency/schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { doorLimit } from '../../lib/door-limit.js';
import { requireActor } from '../../lib/route-guards.js';
import { presentUser } from '../users/present.js';
import type { RequestMeta, AuthService } from './service.js';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer.js';

const tags = ['auth'];
const meta = (request: FastifyRequest): RequestMeta => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; auth: AuthService }> = async (app, { ctx, auth }) => {
  const limits = ctx.config.rateLimits;
  const signupLimit = { rateLimit: doorLimit(limits.signupPerHour, 3_600_000, 'ip') };

  app.post('/auth/signup/client', {
    config: signupLimit,
    schema: {
      tags,
      summary:
        'Ask for a client account: a link to finish goes to the address (or, when it has an account already, a note saying so); the answer is the same either way',
      body: clientSignupInput,
      response: { 202: signupRequestedSchema },
    },
    handler: async (request, reply) => reply.code(202).send(await auth.signupClient(request.body, meta(request))),
  });

  app.post('/auth/signup/confirm', {
    config: signupLimit,
    schema: {
      tags,
      summary: 'Finish a client sign-up from the link mailed to the address: the account is made and signed in',
      body: signupConfirmInput,
      response: { 201: authResponseSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await auth.confirmSignup(request.body.token, meta(request))),
  });

  app.post('/auth/signup/superadmin', {
    // Each try may carry a setup-key guess.
    config: { rateLimit: doorLimit(limits.setupKeyPerHour, 3_600_000, 'ip') },
    schema: {
      tags,
      summary: 'Create the super admin (free while none exists, then only with the setup key)',
      body: superadminSignupInput,
      response: { 201: authResponseSchema },
    },
    handler: async (request, reply) => reply.code(201).send(await auth.signupSuperadmin(request.body, meta(request))),
  });

  app.post('/auth/login', {
    config: { rateLimit: { ...doorLimit(limits.loginPerMinute, 60_000, 'ip'), groupId: 'login' } },
    schema: {
      tags,
      summary: 'Sign in with e-mail and password; an account with two-factor authentication gets a challenge for the second step',
      body: loginInput,
      response: { 200: loginResponseSchema },
    },
    handler: async (request) => auth.login(request.body, meta(request)),
  });

  app.post('/auth/login/2fa', {
    // The same door as the password: both steps share the sign-in limit per address.
    config: { rateLimit: { ...doorLimit(limits.loginPerMinute, 60_000, 'ip'), groupId: 'login' } },
    schema: {
      tags,
      summary: 'Second step of a sign-in: the challenge and a code from the authenticator app, or a recovery code',
      body: loginSecondStepInput,
      response: { 200: authResponseSchema },
    },
    handler: async (request) => auth.loginSecondStep(request.body, meta(request)),
  });

  const resetLimit = { rateLimit: { ...doorLimit(limits.passwordResetPerHour, 3_600_000, 'ip'), groupId: 'password-reset' } };

  app.post('/auth/password-reset', {
    config: resetLimit,
    schema: {
      tags,
      summary: 'Mail a single-use link to choose a new password; the same answer whether or not the address has an account',
      body: passwordResetRequestInput,
      response: { 202: passwordResetRequestedSchema },
    },
    handler: async (request, reply) => reply.code(202).send(await auth.requestPasswordReset(request.body.email, meta(request))),
  });

  app.post('/auth/password-reset/check', {
    config: resetLimit,
    schema: {
      tags,
      summary: 'Whether a reset link can still be used (its page asks on opening): 204, or 404 LINK_INVALID for a used or expired one',
      body: passwordResetCheckInput,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await auth.checkPasswordReset(request.body.token);
      return reply.code(204).send(null);
    },
  });

  app.post('/auth/password-reset/confirm', {
    config: resetLimit,
    schema: {
      tags,
      summary: 'Set a new password from a reset link; every session of the account ends',
      body: passwordResetConfirmInput,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await auth.confirmPasswordReset(request.body, meta(request));
      return reply.code(204).send(null);
    },
  });

  app.post('/auth/logout', {
    config: { mfaEnrolment: true },
    schema: { tags, summary: 'Revoke the current token', security: [{ bearer: [] }], response: { 204: z.null() } },
    handler: async (request, reply) => {
      await auth.logout(requireActor(request));
      return reply.code(204).send(null);
    },
  });

  app.get('/auth/me', {
    config: { mfaEnrolment: true },
    // Asked on every page load: its answer is serialised by code compiled once from the schema.
    serializerCompiler: compiledSerializerCompiler,
    schema: { tags, summary: 'The signed-in user', security: [{ bearer: [] }], response: { 200: meResponseSchema } },
    handler: async (request) => {
      const actor = requireActor(request);
      return { user: presentUser(actor), ...(actor.mfaEnrolmentRequired ? { mfa_enrolment_required: true } : {}) };
    },
  });
};
