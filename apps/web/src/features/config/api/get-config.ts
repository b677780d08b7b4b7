import type { PublicConfig } from '@agency/schema';
import { request } from '../../../lib/http';

// The query hook lives in ../hooks/use-config.ts: the landing page reads the config without the query library.
export function getConfig(): Promise<PublicConfig> {
  return request<PublicConfig>('/config');
}
