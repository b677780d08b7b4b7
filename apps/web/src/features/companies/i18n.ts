import english from '../../locales/en-GB/companies.json';
import { catalogue } from '../../i18n';

/** The client's company screen and the staff's clients list and client page. */
export const useCompaniesT = catalogue('companies', english);
