import english from '../../locales/en-GB/brand.json';
import { catalogue } from '../../i18n';

/** The super admin's brand screen (/settings/brand). */
export const useBrandT = catalogue('brand', english);
