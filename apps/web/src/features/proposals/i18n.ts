import english from '../../locales/en-GB/proposals.json';
import { catalogue } from '../../i18n';

export const useProposalsT = catalogue('proposals', english);
