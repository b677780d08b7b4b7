import english from '../../locales/en-GB/landing.json';
import { catalogue } from '../../i18n';

export const useLandingT = catalogue('landing', english);
