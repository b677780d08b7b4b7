// Keys are checked when the code is compiled: `t('missing.key')` does not build. One line per area's catalogue
// (its British English file, the reference every translation must match; scripts/check-catalogues.mjs checks them).
import 'i18next';
import type account from '../locales/en-GB/account.json';
import type admins from '../locales/en-GB/admins.json';
import type audit from '../locales/en-GB/audit.json';
import type auth from '../locales/en-GB/auth.json';
import type billing from '../locales/en-GB/billing.json';
import type board from '../locales/en-GB/board.json';
import type brand from '../locales/en-GB/brand.json';
import type common from '../locales/en-GB/common.json';
import type companies from '../locales/en-GB/companies.json';
import type companyInvitation from '../locales/en-GB/companyInvitation.json';
import type contracts from '../locales/en-GB/contracts.json';
import type dashboards from '../locales/en-GB/dashboards.json';
import type documentLinks from '../locales/en-GB/document-links.json';
import type invitations from '../locales/en-GB/invitations.json';
import type invoices from '../locales/en-GB/invoices.json';
import type landing from '../locales/en-GB/landing.json';
import type layouts from '../locales/en-GB/layouts.json';
import type messaging from '../locales/en-GB/messaging.json';
import type payment from '../locales/en-GB/payment.json';
import type paymentPlans from '../locales/en-GB/paymentPlans.json';
import type plain from '../locales/en-GB/plain.json';
import type projects from '../locales/en-GB/projects.json';
import type proposals from '../locales/en-GB/proposals.json';
import type recurringInvoices from '../locales/en-GB/recurringInvoices.json';
import type search from '../locales/en-GB/search.json';
import type time from '../locales/en-GB/time.json';
import type tools from '../locales/en-GB/tools.json';
import type training from '../locales/en-GB/training.json';
import type validation from '../locales/en-GB/validation.json';
import type webhooks from '../locales/en-GB/webhooks.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      'document-links': typeof documentLinks;
      account: typeof account;
      admins: typeof admins;
      audit: typeof audit;
      auth: typeof auth;
      billing: typeof billing;
      board: typeof board;
      brand: typeof brand;
      common: typeof common;
      companies: typeof companies;
      companyInvitation: typeof companyInvitation;
      contracts: typeof contracts;
      dashboards: typeof dashboards;
      invitations: typeof invitations;
      invoices: typeof invoices;
      landing: typeof landing;
      layouts: typeof layouts;
      messaging: typeof messaging;
      payment: typeof payment;
      paymentPlans: typeof paymentPlans;
      plain: typeof plain;
      projects: typeof projects;
      proposals: typeof proposals;
      recurringInvoices: typeof recurringInvoices;
      search: typeof search;
      time: typeof time;
      tools: typeof tools;
      training: typeof training;
      validation: typeof validation;
      webhooks: typeof webhooks;
    };
  }
}
