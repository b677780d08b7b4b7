import english from '../../locales/en-GB/webhooks.json';
import { catalogue } from '../../i18n';

/** The webhooks screen: endpoints, deliveries and everyone's API tokens. */
export const useWebhooksT = catalogue('webhooks', english);
