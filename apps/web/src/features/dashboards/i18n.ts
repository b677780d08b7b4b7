import english from '../../locales/en-GB/dashboards.json';
import { catalogue } from '../../i18n';

/** The dashboards' own texts: the welcome, the person's card, the super admin's shortcuts, the cards' headings. */
export const useDashboardsT = catalogue('dashboards', english);
