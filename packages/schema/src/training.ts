import { z } from 'zod';
import { idString, isoDateSchema } from './api.js';
import { EMPLOYEE_ROLES } from './roles.js';
import {
  TRAINING_CONTENT_MAX,
  TRAINING_DESCRIPTION_MAX,
  TRAINING_LINK_MAX,
  TRAINING_MATERIAL_KINDS,
  TRAINING_MODULE_STATUSES,
  TRAINING_TITLE_MAX,
} from './training-rules.js';

// Training materials (issue 11): staff write materials, group them into modules, order them and assign modules
// to employee roles; employees complete each material; progress is per person and per module.

export const trainingModuleStatusSchema = z.enum(TRAINING_MODULE_STATUSES);
export const trainingMaterialKindSchema = z.enum(TRAINING_MATERIAL_KINDS);

export const trainingRoleSchema = z.enum(EMPLOYEE_ROLES);

const title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(3, 'Title must be at least 3 characters')
  .max(TRAINING_TITLE_MAX, `Title must be at most ${TRAINING_TITLE_MAX} characters`);
const description = z.string().trim().max(TRAINING_DESCRIPTION_MAX, `Description must be at most ${TRAINING_DESCRIPTION_MAX} characters`);
const content = z.string().max(TRAINING_CONTENT_MAX, `Content must be at most ${TRAINING_CONTENT_MAX} characters`);
/** Only web links: a `javascript:` or `data:` address is never stored, so it is never rendered as a link. */
const linkUrl = z
  .string()
  .trim()
  .max(TRAINING_LINK_MAX, `A link must be at most ${TRAINING_LINK_MAX} characters`)
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, 'Use a full web address starting with https://');

export const createTrainingModuleInput = z.object({ title, description: description.optional() });
export type CreateTrainingModuleInput = z.input<typeof createTrainingModuleInput>;

export const updateTrainingModuleInput = z
  .object({ title: title.optional(), description: description.optional(), status: trainingModuleStatusSchema.optional() })
  .refine((v) => v.title !== undefined || v.description !== undefined || v.status !== undefined, { message: 'Nothing to change' });
export type UpdateTrainingModuleInput = z.input<typeof updateTrainingModuleInput>;

/** Who a module is assigned to: no role (unassigned), team leads, team members, or both; with an optional due date. */
export const setTrainingAssignmentInput = z.object({
  roles: z.array(trainingRoleSchema).max(2),
  due_date: isoDateSchema.nullable().optional(),
});
export type SetTrainingAssignmentInput = z.input<typeof setTrainingAssignmentInput>;

export const moveTrainingModuleInput = z.object({
  before_module_id: idString('Invalid module').optional(),
  after_module_id: idString('Invalid module').optional(),
});
export const moveTrainingMaterialInput = z.object({
  before_material_id: idString('Invalid material').optional(),
  after_material_id: idString('Invalid material').optional(),
});

const materialFields = {
  title,
  description: description.optional(),
  /** A video or article elsewhere; a file is uploaded separately. */
  link_url: linkUrl.nullable().optional(),
  link_kind: z.enum(['video', 'article']).optional(),
  content: content.optional(),
};

export const createTrainingMaterialInput = z
  .object(materialFields)
  .refine((v) => !v.link_url || v.link_kind, { message: 'Say whether the link is a video or an article', path: ['link_kind'] });
export type CreateTrainingMaterialInput = z.input<typeof createTrainingMaterialInput>;

export const updateTrainingMaterialInput = z
  .object({ ...materialFields, title: title.optional() })
  .refine((v) => !v.link_url || v.link_kind, { message: 'Say whether the link is a video or an article', path: ['link_kind'] });
export type UpdateTrainingMaterialInput = z.input<typeof updateTrainingMaterialInput>;

export const trainingFileSchema = z.object({ name: z.string(), mime: z.string(), size: z.number(), url: z.string() });

export const trainingMaterialSchema = z.object({
  id: z.string(),
  module_id: z.string(),
  title: z.string(),
  description: z.string(),
  kind: trainingMaterialKindSchema,
  link_url: z.string().nullable(),
  content: z.string(),
  file: trainingFileSchema.nullable(),
  position: z.string(),
  /** For an employee: when they completed it; always null for staff. */
  completed_at: z.string().nullable(),
});
export type TrainingMaterial = z.infer<typeof trainingMaterialSchema>;

export const trainingModuleSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: trainingModuleStatusSchema,
  position: z.string(),
  roles: z.array(trainingRoleSchema),
  due_date: z.string().nullable(),
  material_count: z.number(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TrainingModule = z.infer<typeof trainingModuleSchema>;

export const trainingModuleDetailSchema = trainingModuleSchema.extend({ materials: z.array(trainingMaterialSchema) });
export type TrainingModuleDetail = z.infer<typeof trainingModuleDetailSchema>;

/** An employee's own module: its materials with their completion, and the count done. */
export const myTrainingModuleSchema = trainingModuleDetailSchema.extend({ completed: z.number(), total: z.number() });
export type MyTrainingModule = z.infer<typeof myTrainingModuleSchema>;

export const trainingProgressSchema = z.object({
  modules: z.array(
    z.object({ id: z.string(), title: z.string(), roles: z.array(trainingRoleSchema), total: z.number(), due_date: z.string().nullable() }),
  ),
  people: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: trainingRoleSchema,
      /** One entry per module assigned to this person's role. */
      modules: z.array(z.object({ module_id: z.string(), completed: z.number(), total: z.number() })),
      completed: z.number(),
      total: z.number(),
    }),
  ),
});
export type TrainingProgress = z.infer<typeof trainingProgressSchema>;
