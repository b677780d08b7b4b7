import english from '../../locales/en-GB/projects.json';
import { catalogue } from '../../i18n';

export const useProjectsT = catalogue('projects', english);
