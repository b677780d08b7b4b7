// A typed client of the agency platform's API: openapi-fetch over the types `npm run openapi` generates from the
// server's OpenAPI document (./openapi.d.ts, checked for drift by `npm run openapi:check`).
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './openapi.js';

export type { components, paths };
export type AgencyClient = Client<paths>;

export type AgencyClientOptions = {
  /** Where the platform runs, e.g. `https://agency.example`. */
  baseUrl: string;
  /** A personal API token (`agt_…`, made on the profile screen or with POST /api/account/tokens) or a session token. */
  token: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
};

/** A client whose every call, parameter and answer is typed from the API's own document. */
export function createAgencyClient({ baseUrl, token, fetch }: AgencyClientOptions): AgencyClient {
  return createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, ''), headers: { authorization: `Bearer ${token}` }, ...(fetch ? { fetch } : {}) });
}
