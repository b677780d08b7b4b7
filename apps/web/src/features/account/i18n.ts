import english from '../../locales/en-GB/account.json';
import { catalogue } from '../../i18n';

/** The profile's texts: details, language, e-mail, password, two-factor, sessions, tokens, notifications. */
export const useAccountT = catalogue('account', english);
