import { z } from 'zod';
import { NOTIFICATION_CATEGORY_IDS, NOTIFICATION_CHANNELS, NOTIFICATION_TARGET_TYPES, type NotificationTarget } from './notification-kinds.js';

export const notificationTargetTypeSchema = z.enum(NOTIFICATION_TARGET_TYPES);
export const notificationTargetSchema = z.object({ type: notificationTargetTypeSchema, id: z.string() }) satisfies z.ZodType<NotificationTarget>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  target: notificationTargetSchema.nullable(),
  project_id: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);

export const notificationPreferenceSchema = z.object({
  category: z.enum(NOTIFICATION_CATEGORY_IDS),
  label: z.string(),
  channel: notificationChannelSchema,
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesSchema = z.object({ preferences: z.array(notificationPreferenceSchema) });

export const updateNotificationPreferencesInput = z.object({
  preferences: z.partialRecord(z.enum(NOTIFICATION_CATEGORY_IDS), notificationChannelSchema),
});
export type UpdateNotificationPreferencesInput = z.input<typeof updateNotificationPreferencesInput>;
