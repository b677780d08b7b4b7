import english from '../../locales/en-GB/contracts.json';
import { catalogue } from '../../i18n';

/** The contracts' texts: lists, the reader and signing panel, staff screens, templates, and their status labels. */
export const useContractsT = catalogue('contracts', english);

/** Back arrows point the other way when the page reads right to left. */
export const POINTS_BACK = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;
