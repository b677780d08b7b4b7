import english from '../../locales/en-GB/layouts.json';
import { catalogue } from '../../i18n';

export const useLayoutsT = catalogue('layouts', english);
