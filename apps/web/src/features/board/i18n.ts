import english from '../../locales/en-GB/board.json';
import { catalogue } from '../../i18n';

export const useBoardT = catalogue('board', english);
