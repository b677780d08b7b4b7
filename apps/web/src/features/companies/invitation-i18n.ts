import english from '../../locales/en-GB/companyInvitation.json';
import { catalogue } from '../../i18n';

/**
 * The light page a colleague joins their company from (/company-invitation): a small catalogue of its own, so that
 * a public page does not carry the signed-in company screens' texts.
 */
export const useCompanyInvitationT = catalogue('companyInvitation', english);
