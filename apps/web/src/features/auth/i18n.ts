import english from '../../locales/en-GB/auth.json';
import { catalogue } from '../../i18n';

export const useAuthT = catalogue('auth', english);
