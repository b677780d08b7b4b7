import type { AppContext } from './context.js';
import { createAccountService } from './modules/account/service.js';
import { createApiTokenService } from './modules/api-tokens/service.js';
import { createAuditService } from './modules/audit/service.js';
import { createAuthService } from './modules/auth/service.js';
import { createBrandService } from './modules/brand/service.js';
import { createBoardService } from './modules/board/service.js';
import { createCompanyService } from './modules/companies/service.js';
import { createContractService } from './modules/contracts/service.js';
import { createDocumentLinkService } from './modules/document-links/service.js';
import { createInboundMailService } from './modules/inbound-mail/service.js';
import { createInvitationService } from './modules/invitations/service.js';
import { createMessagingService } from './modules/messaging/service.js';
import { createNotificationService } from './modules/notifications/service.js';
import { createInvoiceService } from './modules/invoices/service.js';
import { createPaymentService } from './modules/payments/service.js';
import { createPaymentMethodService } from './modules/payment-methods/service.js';
import { createStatementService } from './modules/statements/service.js';
import { createProjectService } from './modules/projects/service.js';
import { createPaymentPlanService } from './modules/payment-plans/service.js';
import { createProposalService } from './modules/proposals/service.js';
import { createRecurringInvoiceService } from './modules/recurring-invoices/service.js';
import { createToolRequestService } from './modules/tools/service.js';
import { createTrainingService } from './modules/training/service.js';
import { createStorageService } from './modules/storage/service.js';
import { createTimeService } from './modules/time/service.js';
import { createUserService } from './modules/users/service.js';
import { createWebhookService } from './modules/webhooks/service.js';
import { createSearchService } from './modules/search/service.js';

export function createServices(ctx: AppContext) {
  const auth = createAuthService(ctx);
  const notifications = createNotificationService(ctx);
  const projects = createProjectService(ctx, notifications);
  const invoices = createInvoiceService(ctx, notifications, projects);
  const contracts = createContractService(ctx, notifications);
  const paymentPlans = createPaymentPlanService(ctx, invoices);
  const messaging = createMessagingService(ctx, notifications);
  const payments = createPaymentService(ctx, invoices, notifications);
  return {
    auth,
    account: createAccountService(ctx, auth),
    audit: createAuditService(ctx),
    invitations: createInvitationService(ctx, auth),
    companies: createCompanyService(ctx, auth),
    users: createUserService(ctx, auth),
    notifications,
    projects,
    invoices,
    payments,
    paymentMethods: createPaymentMethodService(ctx, notifications, payments),
    statements: createStatementService(ctx, notifications),
    tools: createToolRequestService(ctx, notifications),
    messaging,
    inboundMail: createInboundMailService(ctx, messaging),
    documentLinks: createDocumentLinkService(ctx),
    storage: createStorageService(ctx),
    board: createBoardService(ctx, notifications),
    training: createTrainingService(ctx, notifications),
    contracts,
    proposals: createProposalService({ ctx, notifications, contracts }),
    time: createTimeService(ctx, notifications, invoices),
    apiTokens: createApiTokenService(ctx),
    webhooks: createWebhookService(ctx, notifications),
    paymentPlans,
    recurringInvoices: createRecurringInvoiceService(ctx, invoices, paymentPlans),
    search: createSearchService(ctx),
    brand: createBrandService(ctx),
  };
}

export type Services = ReturnType<typeof createServices>;
