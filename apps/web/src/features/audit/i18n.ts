import english from '../../locales/en-GB/audit.json';
import { catalogue, i18n } from '../../i18n';

/** The audit log's texts, with one label per audited action. */
export const useAuditT = catalogue('audit', english);

/** An audited action in the reader's words (`project.approved` -> "Project approved"); an unknown one as it came. */
export function auditActionText(action: string, fallback: string): string {
  return i18n.t(`audit:actions.${action.replace(/\./g, '__')}` as 'audit:actions.project__approved', { defaultValue: fallback });
}
