import type { TOOL_CATEGORIES } from '@agency/schema';
import english from '../../locales/en-GB/tools.json';
import { catalogue } from '../../i18n';

export const useToolsT = catalogue('tools', english);

/** A category's catalogue key: the value itself is what the API stores, in British English. */
export const TOOL_CATEGORY_KEYS = {
  'Software licence': 'softwareLicence',
  Hardware: 'hardware',
  'Cloud service': 'cloudService',
  'Design asset': 'designAsset',
  Other: 'other',
} as const satisfies Record<(typeof TOOL_CATEGORIES)[number], string>;

/** The key of a stored category; a category no longer listed is shown as stored (null). */
export function toolCategoryKey(category: string): (typeof TOOL_CATEGORY_KEYS)[keyof typeof TOOL_CATEGORY_KEYS] | null {
  return (TOOL_CATEGORY_KEYS as Record<string, (typeof TOOL_CATEGORY_KEYS)[keyof typeof TOOL_CATEGORY_KEYS]>)[category] ?? null;
}
