// Training statuses, limits and progress, without zod: the employee dashboards show progress without loading the
// validation library.

export const TRAINING_MODULE_STATUSES = ['draft', 'published'] as const;
export type TrainingModuleStatus = (typeof TRAINING_MODULE_STATUSES)[number];

/** What a material mainly is: a stored file, an external video or article, or Markdown text alone. */
export const TRAINING_MATERIAL_KINDS = ['text', 'file', 'video', 'article'] as const;
export type TrainingMaterialKind = (typeof TRAINING_MATERIAL_KINDS)[number];

export const TRAINING_TITLE_MAX = 200;
export const TRAINING_DESCRIPTION_MAX = 2000;
export const TRAINING_CONTENT_MAX = 50_000;
export const TRAINING_LINK_MAX = 2000;

/** A whole percentage; an empty assignment counts as done. */
export function percentDone(completed: number, total: number): number {
  if (total <= 0) return 100;
  return Math.floor((Math.min(completed, total) / total) * 100);
}
