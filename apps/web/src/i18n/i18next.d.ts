// Keys are checked when the code is compiled: `t('missing.key')` does not build. One line per area's catalogue
// (its British English file, the reference every translation must match; scripts/check-catalogues.mjs checks them).
import 'i18next';
import type account from '../locales/en-GB/account.json';
import type admins from '../locales/en-GB/admins.json';
import type audit from '../locales/en-GB/audit.json';
import type auth from '../locales/en-GB/auth.json';
import type board from '../locales/en-GB/board.json';
import type common from '../locales/en-GB/common.json';
import type documentLinks from '../locales/en-GB/document-links.json';
import type invitations from '../locales/en-GB/invitations.json';
import type landing from '../locales/en-GB/landing.json';
import type layouts from '../locales/en-GB/layouts.json';
import type plain from '../locales/en-GB/plain.json';
import type projects from '../locales/en-GB/projects.json';
import type proposals from '../locales/en-GB/proposals.json';
import type time from '../locales/en-GB/time.json';
import type tools from '../locales/en-GB/tools.json';
import type training from '../locales/en-GB/training.json';
import type webhooks from '../locales/en-GB/webhooks.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      account: typeof account;
      admins: typeof admins;
      audit: typeof audit;
      auth: typeof auth;
      board: typeof board;
      common: typeof common;
      'document-links': typeof documentLinks;
      invitations: typeof invitations;
      landing: typeof landing;
      layouts: typeof layouts;
      plain: typeof plain;
      projects: typeof projects;
      proposals: typeof proposals;
      time: typeof time;
      tools: typeof tools;
      training: typeof training;
      webhooks: typeof webhooks;
    };
  }
}
