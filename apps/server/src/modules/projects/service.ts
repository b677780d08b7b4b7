import { MAX_ATTACHMENT_BYTES, MAX_PROJECT_ATTACHMENTS } from '@agency/schema';
import type { AppContext } from '../../context.js';
import type { NotificationService } from '../notifications/service.js';
import { approveProject } from './actions/approve-project.js';
import { assertMayUpload } from './actions/assert-may-upload.js';
import { changeProjectStatus } from './actions/change-project-status.js';
import { createProject } from './actions/create-project.js';
import { findAttachment } from './actions/find-attachment.js';
import { getProject } from './actions/get-project.js';
import { kickoffProject } from './actions/kickoff-project.js';
import { listProjectActivity } from './actions/list-project-activity.js';
import { listProjects } from './actions/list-projects.js';
import { recordAttachments } from './actions/record-attachments.js';
import { rejectProject } from './actions/reject-project.js';
import { summarizeProjects } from './actions/summarize-projects.js';
import type { ProjectDeps } from './deps.js';

/** Projects: one action per file under actions/, composed here into the service the routes and invoices use. */
export function createProjectService(ctx: AppContext, notifications: NotificationService) {
  const deps: ProjectDeps = { ctx, notifications };
  return {
    create: createProject(deps),
    list: listProjects(deps),
    get: getProject(deps),
    activity: listProjectActivity(deps),
    summary: summarizeProjects(deps),
    approve: approveProject(deps),
    reject: rejectProject(deps),
    changeStatus: changeProjectStatus(deps),
    assertMayUpload: assertMayUpload(deps),
    recordAttachments: recordAttachments(deps),
    findAttachment: findAttachment(deps),
    kickoff: kickoffProject(deps),
    limits: { maxFiles: MAX_PROJECT_ATTACHMENTS, maxBytes: MAX_ATTACHMENT_BYTES },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
