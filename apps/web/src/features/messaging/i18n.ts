import english from '../../locales/en-GB/messaging.json';
import { catalogue } from '../../i18n';

export const useMessagingT = catalogue('messaging', english);
