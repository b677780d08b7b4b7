import english from '../../locales/en-GB/invitations.json';
import { catalogue } from '../../i18n';

export const useInvitationsT = catalogue('invitations', english);
