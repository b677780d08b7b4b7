import {
  changeEmailInput,
  changePasswordInput,
  confirmEmailInput,
  idParam,
  mfaConfirmInput,
  mfaDisableInput,
  mfaSetupResponseSchema,
  notificationPreferencesSchema,
  profileSchema,
  recoveryCodesResponseSchema,
  sessionSchema,
  updateNotificationPreferencesInput,
  updateProfileInput,
} from '@agency/schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { doorLimit } from '../../lib/door-limit.js';
import { access, requireActor } from '../../lib/route-guards.js';
import type { AccountService } from './service.js';
import type { RequestMeta } from '../auth/service.js';

const tags = ['account'];
const security = [{ bearer: [] }];
const meta = (request: FastifyRequest): RequestMeta => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const profileResponse = z.object({ profile: profileSchema });
/** Routes a staff session that must enrol first may still use: its profile and the enrolment itself. */
const duringEnrolment = { mfaEnrolment: true };

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; account: AccountService }> = async (app, { ctx, account }) => {
  // Each of these checks a password or a code: the sign-in door's limit, per person.
  const secretLimit = { rateLimit: { ...doorLimit(ctx.config.rateLimits.loginPerMinute, 60_000), groupId: 'account-secrets' } };

  app.get('/account', {
    config: duringEnrolment,
    onRequest: access('profile:own'),
    schema: {
      tags,
      security,
      summary: 'The signed-in person’s profile: name, e-mail, pending e-mail change, two-factor status',
      response: { 200: profileResponse },
    },
    handler: async (request) => ({ profile: await account.profile(requireActor(request)) }),
  });

  app.patch('/account', {
    onRequest: access('profile:own'),
    schema: {
      tags,
      security,
      summary: 'Change one’s name and/or language (`locale`: en-GB, de or ar; null follows the browser)',
      body: updateProfileInput,
      response: { 200: profileResponse },
    },
    handler: async (request) => ({ profile: await account.updateProfile(requireActor(request), request.body) }),
  });

  app.post('/account/email', {
    config: { ...secretLimit },
    onRequest: access('profile:own'),
    schema: {
      tags,
      security,
      summary: 'Ask to change one’s e-mail address: a link goes to the new address, and the current one is told',
      body: changeEmailInput,
      response: { 202: profileResponse },
    },
    handler: async (request, reply) => reply.code(202).send({ profile: await account.requestEmailChange(requireActor(request), request.body) }),
  });

  app.post('/account/email/confirm', {
    config: { rateLimit: { ...doorLimit(ctx.config.rateLimits.passwordResetPerHour, 3_600_000, 'ip'), groupId: 'email-confirm' } },
    schema: {
      tags,
      summary: 'Confirm a new e-mail address with the link sent to it (no session needed)',
      body: confirmEmailInput,
      response: { 200: z.object({ email: z.string() }) },
    },
    handler: async (request) => account.confirmEmailChange(request.body.token, meta(request)),
  });

  app.post('/account/password', {
    config: { ...secretLimit },
    onRequest: access('profile:own'),
    schema: {
      tags,
      security,
      summary: 'Change one’s password with the current one; every other session ends',
      body: changePasswordInput,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await account.changePassword(requireActor(request), request.body, meta(request));
      return reply.code(204).send(null);
    },
  });

  app.get('/account/sessions', {
    onRequest: access('session:own'),
    schema: {
      tags,
      security,
      summary: 'One’s active sessions, most recently used first',
      response: { 200: z.object({ items: z.array(sessionSchema) }) },
    },
    handler: async (request) => ({ items: await account.listSessions(requireActor(request)) }),
  });

  app.post('/account/sessions/revoke-others', {
    onRequest: access('session:own'),
    schema: {
      tags,
      security,
      summary: 'Sign out everywhere else: every session but this one ends',
      response: { 200: z.object({ revoked: z.number() }) },
    },
    handler: async (request) => account.revokeOtherSessions(requireActor(request)),
  });

  app.delete('/account/sessions/:id', {
    onRequest: access('session:own'),
    schema: { tags, security, summary: 'End one of one’s sessions', params: z.object({ id: idParam }), response: { 204: z.null() } },
    handler: async (request, reply) => {
      await account.revokeSession(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/account/notification-preferences', {
    onRequest: access('profile:own'),
    schema: {
      tags,
      security,
      summary: 'For each kind of event: in the app only, or by e-mail too',
      response: { 200: notificationPreferencesSchema },
    },
    handler: async (request) => ({ preferences: await account.preferences(requireActor(request)) }),
  });

  app.put('/account/notification-preferences', {
    onRequest: access('profile:own'),
    schema: {
      tags,
      security,
      summary: 'Choose in the app only, or by e-mail too, for the kinds of event named',
      body: updateNotificationPreferencesInput,
      response: { 200: notificationPreferencesSchema },
    },
    handler: async (request) => ({ preferences: await account.setPreferences(requireActor(request), request.body) }),
  });

  app.post('/account/2fa/setup', {
    config: duringEnrolment,
    onRequest: access('mfa:manage'),
    schema: {
      tags,
      security,
      summary: 'Start two-factor authentication (staff): a new secret as text and as a QR code, pending until confirmed',
      response: { 200: mfaSetupResponseSchema },
    },
    handler: async (request) => account.startMfaSetup(requireActor(request)),
  });

  app.post('/account/2fa/confirm', {
    config: { ...duringEnrolment, ...secretLimit },
    onRequest: access('mfa:manage'),
    schema: {
      tags,
      security,
      summary: 'Turn two-factor authentication on with a first code; answers the ten recovery codes, shown this once',
      body: mfaConfirmInput,
      response: { 200: recoveryCodesResponseSchema },
    },
    handler: async (request) => account.confirmMfa(requireActor(request), request.body.code),
  });

  app.post('/account/2fa/disable', {
    config: { ...secretLimit },
    onRequest: access('mfa:manage'),
    schema: {
      tags,
      security,
      summary: 'Turn two-factor authentication off with the password and a current code or a recovery code',
      body: mfaDisableInput,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await account.disableMfa(requireActor(request), request.body);
      return reply.code(204).send(null);
    },
  });
};
