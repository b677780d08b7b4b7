import english from '../../locales/en-GB/document-links.json';
import { catalogue } from '../../i18n';

export const useDocumentLinksT = catalogue('document-links', english);
