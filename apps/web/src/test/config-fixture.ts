import type { PublicConfig } from '@agency/schema';
import { http, HttpResponse } from 'msw';

/** The public config (`GET /api/config`) the screens under test read: a studio on the built-in checkout's live mode. */
export const publicConfig: PublicConfig = {
  brand_name: 'Studio',
  contact_phone: '0',
  contact_email: 'hello@example.test',
  primary_color: '#4338ca',
  logo_url: null,
  footer_links: [],
  superadmin_exists: true,
  test_payments: false,
  time_zone: 'Europe/London',
  default_locale: 'en-GB',
};

/** A handler answering `GET /api/config` with `publicConfig` and what `changes` replace. */
export function configHandler(changes: Partial<PublicConfig> = {}) {
  return http.get('/api/config', () => HttpResponse.json({ ...publicConfig, ...changes }));
}
