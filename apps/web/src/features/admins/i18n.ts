import english from '../../locales/en-GB/admins.json';
import { catalogue } from '../../i18n';

/** The admin list, the admin invitation screen and the accounts tables (admins, employees). */
export const useAdminsT = catalogue('admins', english);
