import english from '../../locales/en-GB/training.json';
import { catalogue } from '../../i18n';

export const useTrainingT = catalogue('training', english);
