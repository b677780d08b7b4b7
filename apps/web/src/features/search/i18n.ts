import english from '../../locales/en-GB/search.json';
import { catalogue } from '../../i18n';

export const useSearchT = catalogue('search', english);
