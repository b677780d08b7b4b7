import type { PublicConfig } from '@agency/schema';
import { useEffect, useState } from 'react';
import { getConfig } from '../api/get-config';

let pending: Promise<PublicConfig> | null = null;

function loadConfig(): Promise<PublicConfig> {
  pending ??= getConfig().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/**
 * The public config for screens outside the query provider (the landing page), fetched once per page load.
 * Undefined until it arrives or when the server cannot be reached.
 */
export function usePublicConfig(): PublicConfig | undefined {
  const [config, setConfig] = useState<PublicConfig>();
  useEffect(() => {
    let isCurrent = true;
    loadConfig().then(
      (value) => {
        if (isCurrent) setConfig(value);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return config;
}
