import {
  approveTimesheetInput,
  billablePreviewSchema,
  billableQuery,
  billTimeInput,
  billTimeResponse,
  burnQuery,
  burnSchema,
  createExpenseInput,
  createTimeEntryInput,
  expenseListQuery,
  expenseSchema,
  idParam,
  invoiceTimeSchema,
  pageOf,
  profitabilityReportQuery,
  profitabilityReportSchema,
  profitabilitySchema,
  projectRatesInput,
  projectRatesSchema,
  projectTimeLogQuery,
  projectTimeLogSchema,
  rejectExpenseInput,
  rejectTimesheetInput,
  startTimerInput,
  stopTimerInput,
  submitTimesheetInput,
  timeEntryListQuery,
  timeEntryPageSchema,
  timeEntrySchema,
  timerSchema,
  timesheetApprovalSchema,
  timesheetQuery,
  timesheetSchema,
  timeLogSharingInput,
  updateExpenseInput,
  updateTimeEntryInput,
  userRatesInput,
  userRatesSchema,
} from '@agency/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../core/errors.js';
import { assertDeclaredLength, streamUploads, withMultipart } from '../../integrations/uploads.js';
import { errorResponses, fileResponse, signedQuery } from '../../lib/api-docs.js';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer.js';
import { doorLimit } from '../../lib/door-limit.js';
import { isInlineImage } from '../../lib/file-type.js';
import { access, requireActor } from '../../lib/route-guards.js';
import { readSignedUrl } from '../../lib/signed-url.js';
import type { AuthService } from '../auth/service.js';
import type { StorageService } from '../storage/service.js';
import { expenseReceiptPath, type TimeService } from './service.js';

const security = [{ bearer: [] }];
const idParams = z.object({ id: idParam });
const entryResponse = z.object({ entry: timeEntrySchema });
const expenseResponse = z.object({ expense: expenseSchema });
const noContent = { 204: z.null() };

/**
 * Time entries, timers, timesheets, rates, expenses, billing time onto invoices and profitability. None of it is a
 * client's (403 by role, or 404 for a record), but for the hours billed on an invoice and a project's time log once
 * staff share it, which its company's owners and billing people read like its invoices: never a cost or a rate.
 */
export const timeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; time: TimeService; auth: AuthService; storage: StorageService }> = async (
  app,
  { ctx, time, auth, storage },
) => {
  // --- Time entries ---------------------------------------------------------------------------------------

  const tags = ['time'];

  app.get('/time-entries', {
    onRequest: access('time:list'),
    schema: {
      tags,
      security,
      summary: "Time the caller may see (their own; a team lead's projects too; everyone's for staff), newest first, with the filters' total minutes",
      querystring: timeEntryListQuery,
      response: { 200: timeEntryPageSchema },
    },
    handler: async (request) => time.listEntries(requireActor(request), request.query),
  });

  app.post('/time-entries', {
    onRequest: access('time:track'),
    schema: {
      tags,
      security,
      summary:
        "Enter time on a project or card: at `started_at`, or on a `date` after that day's entries (from 09:00 agency time). 400 for an overlap, a day over 24 hours, a future date or no minutes",
      body: createTimeEntryInput,
      response: { 201: entryResponse, ...errorResponses(404, 409) },
    },
    handler: async (request, reply) => reply.code(201).send({ entry: await time.createEntry(requireActor(request), request.body) }),
  });

  app.get('/time-entries/:id', {
    onRequest: access('time:read'),
    schema: { tags, security, summary: 'One time entry', params: idParams, response: { 200: entryResponse } },
    handler: async (request) => ({ entry: await time.getEntry(requireActor(request), request.params.id) }),
  });

  app.patch('/time-entries/:id', {
    onRequest: access('time:edit'),
    schema: {
      tags,
      security,
      summary: "Change one's own entry while it is a draft or rejected (409 once submitted, approved or billed)",
      params: idParams,
      body: updateTimeEntryInput,
      response: { 200: entryResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ entry: await time.updateEntry(requireActor(request), request.params.id, request.body) }),
  });

  app.delete('/time-entries/:id', {
    onRequest: access('time:edit'),
    schema: {
      tags,
      security,
      summary: "Delete one's own entry while it is a draft or rejected",
      params: idParams,
      response: { ...noContent, ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      await time.deleteEntry(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  // --- Timers ---------------------------------------------------------------------------------------------

  app.post('/timers/start', {
    onRequest: access('time:own'),
    schema: {
      tags,
      security,
      summary: 'Start a timer on a card or project; a timer already running is stopped first and becomes an entry (one timer per person)',
      body: startTimerInput,
      response: { 201: z.object({ timer: timerSchema, stopped_entry: timeEntrySchema.nullable() }), ...errorResponses(404, 409) },
    },
    handler: async (request, reply) => reply.code(201).send(await time.startTimer(requireActor(request), request.body)),
  });

  app.post('/timers/stop', {
    onRequest: access('time:own'),
    schema: {
      tags,
      security,
      summary: 'Stop the running timer: it becomes an entry of the minutes it ran (409 when none runs)',
      body: stopTimerInput.nullish(),
      response: { 200: entryResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ entry: await time.stopTimer(requireActor(request), request.body?.note) }),
  });

  app.get('/timers/current', {
    onRequest: access('time:own'),
    schema: {
      tags,
      security,
      summary: "The caller's running timer, or null (kept in the database: it survives a reload and a restart)",
      response: { 200: z.object({ timer: timerSchema.nullable() }) },
    },
    handler: async (request) => ({ timer: await time.currentTimer(requireActor(request)) }),
  });

  app.delete('/timers/current', {
    onRequest: access('time:own'),
    schema: { tags, security, summary: 'Discard the running timer without making an entry', response: noContent },
    handler: async (request, reply) => {
      await time.discardTimer(requireActor(request));
      return reply.code(204).send(null);
    },
  });

  // --- Timesheets -----------------------------------------------------------------------------------------

  const sheetTags = ['timesheets'];

  app.get('/timesheets', {
    onRequest: access('timesheet:read'),
    // The week grid asks for it on every change: its answer is serialised by code compiled once from the schema.
    serializerCompiler: compiledSerializerCompiler,
    schema: {
      tags: sheetTags,
      security,
      summary:
        "A person's ISO week (the caller's own without user_id): its entries, total minutes and status. A team lead sees a member's time on the projects they lead",
      querystring: timesheetQuery,
      response: { 200: timesheetSchema },
    },
    handler: async (request) => time.getTimesheet(requireActor(request), request.query),
  });

  app.get('/timesheets/approvals', {
    onRequest: access('time:list'),
    schema: {
      tags: sheetTags,
      security,
      summary: "Weeks waiting for the caller's decision: every submitted week for staff, members' weeks with time on their projects for a team lead",
      response: { 200: z.object({ items: z.array(timesheetApprovalSchema) }) },
    },
    handler: async (request) => ({ items: await time.approvals(requireActor(request)) }),
  });

  app.post('/timesheets/submit', {
    onRequest: access('time:own'),
    schema: {
      tags: sheetTags,
      security,
      summary: "Submit one's own week as a whole: its draft and rejected entries become submitted and can no longer change",
      body: submitTimesheetInput,
      response: { 200: timesheetSchema, ...errorResponses(409) },
    },
    handler: async (request) => time.submitTimesheet(requireActor(request), request.body.week),
  });

  app.post('/timesheets/approve', {
    onRequest: access('timesheet:decide'),
    schema: {
      tags: sheetTags,
      security,
      summary: "Approve a submitted week (a team lead: a member's time on the projects they lead; staff: all of it). Approved entries are locked",
      body: approveTimesheetInput,
      response: { 200: timesheetSchema, ...errorResponses(404, 409) },
    },
    handler: async (request) => time.decideTimesheet(requireActor(request), Number(request.body.user_id), request.body.week, { approve: true }),
  });

  app.post('/timesheets/reject', {
    onRequest: access('timesheet:decide'),
    schema: {
      tags: sheetTags,
      security,
      summary: 'Send a submitted week back with a reason: its entries open again for their owner',
      body: rejectTimesheetInput,
      response: { 200: timesheetSchema, ...errorResponses(404, 409) },
    },
    handler: async (request) =>
      time.decideTimesheet(requireActor(request), Number(request.body.user_id), request.body.week, { approve: false, reason: request.body.reason }),
  });

  // --- Rates ----------------------------------------------------------------------------------------------

  const rateTags = ['rates'];

  app.get('/projects/:id/rates', {
    onRequest: access('rates:manage'),
    schema: {
      tags: rateTags,
      security,
      summary: "A project's billable hourly rate (staff)",
      params: idParams,
      response: { 200: z.object({ rates: projectRatesSchema }) },
    },
    handler: async (request) => ({ rates: await time.getProjectRates(requireActor(request), request.params.id) }),
  });

  app.patch('/projects/:id/rates', {
    onRequest: access('rates:manage'),
    schema: {
      tags: rateTags,
      security,
      summary: "Set a project's billable hourly rate, in minor units of the project's currency (null: none)",
      params: idParams,
      body: projectRatesInput,
      response: { 200: z.object({ rates: projectRatesSchema }) },
    },
    handler: async (request) => ({ rates: await time.setProjectRates(requireActor(request), request.params.id, request.body.hourly_rate) }),
  });

  app.patch('/projects/:id/time-log', {
    onRequest: access('rates:manage'),
    schema: {
      tags: rateTags,
      security,
      summary:
        "Share a project's time log with its client company's owners and billing people (approved and billed time; never costs or rates), or stop sharing it (staff)",
      params: idParams,
      body: timeLogSharingInput,
      response: { 200: z.object({ rates: projectRatesSchema }) },
    },
    handler: async (request) => ({ rates: await time.shareTimeLog(requireActor(request), request.params.id, request.body.shared) }),
  });

  app.get('/users/:id/rates', {
    onRequest: access('rates:manage'),
    schema: {
      tags: rateTags,
      security,
      summary: "A team lead's or member's cost rate (staff)",
      params: idParams,
      response: { 200: z.object({ rates: userRatesSchema }), ...errorResponses(422) },
    },
    handler: async (request) => ({ rates: await time.getUserRates(requireActor(request), request.params.id) }),
  });

  app.patch('/users/:id/rates', {
    onRequest: access('rates:manage'),
    schema: {
      tags: rateTags,
      security,
      summary: 'Set what an hour of a team lead or member costs, in minor units; `apply_from` re-costs their time from that day',
      params: idParams,
      body: userRatesInput,
      response: { 200: z.object({ rates: userRatesSchema }), ...errorResponses(422) },
    },
    handler: async (request) => ({ rates: await time.setUserRates(requireActor(request), request.params.id, request.body) }),
  });

  // --- Expenses -------------------------------------------------------------------------------------------

  const expenseTags = ['expenses'];

  app.get('/expenses', {
    onRequest: access('time:list'),
    schema: {
      tags: expenseTags,
      security,
      summary: "Expenses the caller may see (their own; a team lead's projects too; everyone's for staff), newest first",
      querystring: expenseListQuery,
      response: { 200: pageOf(expenseSchema) },
    },
    handler: async (request) => time.listExpenses(requireActor(request), request.query),
  });

  app.post('/expenses', {
    onRequest: access('expense:create'),
    schema: {
      tags: expenseTags,
      security,
      summary: "Record money spent on a project (the project's team and staff); a draft until submitted",
      body: createExpenseInput,
      response: { 201: expenseResponse, ...errorResponses(404) },
    },
    handler: async (request, reply) => reply.code(201).send({ expense: await time.createExpense(requireActor(request), request.body) }),
  });

  app.get('/expenses/:id', {
    onRequest: access('time:read'),
    schema: {
      tags: expenseTags,
      security,
      summary: 'One expense, with a signed link to its receipt',
      params: idParams,
      response: { 200: expenseResponse },
    },
    handler: async (request) => ({ expense: await time.getExpense(requireActor(request), request.params.id) }),
  });

  app.patch('/expenses/:id', {
    onRequest: access('time:edit'),
    schema: {
      tags: expenseTags,
      security,
      summary: "Change one's own expense while it is a draft or rejected",
      params: idParams,
      body: updateExpenseInput,
      response: { 200: expenseResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ expense: await time.updateExpense(requireActor(request), request.params.id, request.body) }),
  });

  app.delete('/expenses/:id', {
    onRequest: access('time:edit'),
    schema: {
      tags: expenseTags,
      security,
      summary: "Delete one's own expense while it is a draft or rejected",
      params: idParams,
      response: { ...noContent, ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      await time.deleteExpense(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post('/expenses/:id/submit', {
    onRequest: access('time:edit'),
    schema: {
      tags: expenseTags,
      security,
      summary: "Submit one's own expense for approval",
      params: idParams,
      response: { 200: expenseResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ expense: await time.submitExpense(requireActor(request), request.params.id) }),
  });

  app.post('/expenses/:id/approve', {
    onRequest: access('expense:decide'),
    schema: {
      tags: expenseTags,
      security,
      summary: 'Approve a submitted expense (staff; never their own, the super admin excepted)',
      params: idParams,
      response: { 200: expenseResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({ expense: await time.decideExpense(requireActor(request), request.params.id, { approve: true }) }),
  });

  app.post('/expenses/:id/reject', {
    onRequest: access('expense:decide'),
    schema: {
      tags: expenseTags,
      security,
      summary: 'Send a submitted expense back with a reason (staff)',
      params: idParams,
      body: rejectExpenseInput,
      response: { 200: expenseResponse, ...errorResponses(409) },
    },
    handler: async (request) => ({
      expense: await time.decideExpense(requireActor(request), request.params.id, { approve: false, reason: request.body.reason }),
    }),
  });

  await withMultipart(app, (uploads) => {
    uploads.post('/expenses/:id/receipt', {
      config: { rateLimit: { ...doorLimit(ctx.config.rateLimits.uploadsPerHour, 3_600_000), groupId: 'uploads' } },
      onRequest: access('time:edit'),
      schema: {
        tags: expenseTags,
        security,
        summary: 'Attach the receipt (multipart, one photo or PDF of at most 10 MB, within the storage quota); replaces one attached before',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 201: expenseResponse, ...errorResponses(409, 413, 415) },
      },
      handler: async (request, reply) => {
        const actor = requireActor(request);
        await time.assertMayAttachReceipt(actor, request.params.id);
        const { maxBytes } = time.limits;
        const quotaBytes = await storage.remainingQuota(actor);
        assertDeclaredLength(request, 1, maxBytes, quotaBytes);
        const upload = await streamUploads(request, ctx.storage, { maxFiles: 1, maxBytes, quotaBytes });
        try {
          return reply.code(201).send({ expense: await time.recordReceipt(actor, request.params.id, upload.files[0]) });
        } catch (err) {
          await upload.discard();
          throw err;
        }
      },
    });
  });

  app.get('/expenses/:id/receipt', {
    schema: {
      tags: expenseTags,
      summary: "Download an expense's receipt through its short-lived signed URL",
      produces: ['application/octet-stream'],
      params: idParams,
      querystring: signedQuery,
      response: fileResponse,
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const sessionId = readSignedUrl(ctx.signingKey, expenseReceiptPath(id), request.query, ctx.now());
      if (sessionId === null || !(await auth.isSessionLive(sessionId))) throw new AppError('LINK_INVALID');
      const file = await time.findReceipt(id);
      const stream = await ctx.storage.read(file.storedFilename);
      if (!stream) throw new AppError('NOT_FOUND', 'Receipt not found');
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', `${isInlineImage(file.mime) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, max-age=600')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stream);
    },
  });

  // --- Billing --------------------------------------------------------------------------------------------

  app.get('/invoices/:id/billable', {
    onRequest: access('invoice:manage'),
    schema: {
      tags: ['invoices'],
      security,
      summary:
        'What "Add time and expenses" would add to a draft: the project\'s approved, unbilled billable time (grouped by card, person or day) and expenses',
      params: idParams,
      querystring: billableQuery,
      response: { 200: billablePreviewSchema },
    },
    handler: async (request) => time.billablePreview(requireActor(request), request.params.id, request.query.group_by),
  });

  app.post('/invoices/:id/bill-time', {
    onRequest: access('invoice:manage'),
    schema: {
      tags: ['invoices'],
      security,
      summary:
        "Add the project's approved, unbilled time and expenses to a draft as lines; they become billed with its id (once only: concurrent drafts never share an entry). Voiding the invoice releases them",
      params: idParams,
      body: billTimeInput,
      response: { 200: billTimeResponse, ...errorResponses(409, 422) },
    },
    handler: async (request) => ({ invoice: await time.billTime(requireActor(request), request.params.id, request.body) }),
  });

  // --- What a client sees of time ------------------------------------------------------------------------

  app.get('/invoices/:id/time', {
    onRequest: access('invoice:read'),
    schema: {
      tags: ['invoices'],
      security,
      summary:
        "The hours billed on an invoice, oldest first: day, minutes, person, card and note (no costs or rates). For staff, and the owners and billing people of the invoice's company once it is issued",
      params: idParams,
      response: { 200: invoiceTimeSchema },
    },
    handler: async (request) => time.invoiceTime(requireActor(request), request.params.id),
  });

  app.get('/projects/:id/time-log', {
    onRequest: access('time_log:read'),
    schema: {
      tags,
      security,
      summary:
        "A project's approved and billed billable time, newest first, with the filters' total minutes (no costs or rates). For staff, and the owners and billing people of its company once staff share it (404 until then)",
      params: idParams,
      querystring: projectTimeLogQuery,
      response: { 200: projectTimeLogSchema },
    },
    handler: async (request) => time.projectTimeLog(requireActor(request), request.params.id, request.query),
  });

  // --- Profitability --------------------------------------------------------------------------------------

  const profitTags = ['profitability'];

  app.get('/projects/:id/profitability', {
    onRequest: access('profitability:read'),
    schema: {
      tags: profitTags,
      security,
      summary:
        "A project's budget, minutes, cost (hours at cost rates), expenses, invoiced, paid and margin, with the budget warning (staff and the project's lead)",
      params: idParams,
      response: { 200: profitabilitySchema },
    },
    handler: async (request) => time.profitability(requireActor(request), request.params.id),
  });

  app.get('/projects/:id/burn', {
    onRequest: access('profitability:read'),
    schema: {
      tags: profitTags,
      security,
      summary: "A project's burn chart: time, cost, expenses and invoices per week or month, with the running spend against the budget",
      params: idParams,
      querystring: burnQuery,
      response: { 200: burnSchema },
    },
    handler: async (request) => time.burn(requireActor(request), request.params.id, request.query.interval),
  });

  app.get('/reports/profitability', {
    onRequest: access('profitability:report'),
    // A row per project (thousands): serialised by code compiled once from the schema.
    serializerCompiler: compiledSerializerCompiler,
    schema: {
      tags: profitTags,
      security,
      summary: "The agency's profitability by project, client company or month, per currency (staff)",
      querystring: profitabilityReportQuery,
      response: { 200: profitabilityReportSchema },
    },
    handler: async (request) => time.report(requireActor(request), request.query),
  });

  app.get('/reports/profitability/export.csv', {
    onRequest: access('profitability:report'),
    schema: {
      tags: profitTags,
      security,
      summary: 'The profitability report as CSV (amounts in major units of their currency, hours to two decimals)',
      querystring: profitabilityReportQuery,
      produces: ['text/csv'],
      response: { 200: z.any().meta({ type: 'string' }).describe('CSV, one row per group and currency, with a header row') },
    },
    handler: async (request, reply) => {
      const csv = await time.exportReportCsv(requireActor(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="profitability-${request.query.group_by}-${ctx.now().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
};
