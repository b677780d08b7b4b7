import { MAX_ATTACHMENT_BYTES } from '@agency/schema';
import type { AppContext } from '../../context.js';
import type { NotificationService } from '../notifications/service.js';
import { assertMayUpload } from './actions/assert-may-upload.js';
import { createMaterial } from './actions/create-material.js';
import { createModule } from './actions/create-module.js';
import { deleteMaterial } from './actions/delete-material.js';
import { deleteModule } from './actions/delete-module.js';
import { findFile } from './actions/find-file.js';
import { getModule } from './actions/get-module.js';
import { listModules } from './actions/list-modules.js';
import { mine } from './actions/mine.js';
import { moveMaterial } from './actions/move-material.js';
import { moveModule } from './actions/move-module.js';
import { progress } from './actions/progress.js';
import { recordFile } from './actions/record-file.js';
import { setAssignment } from './actions/set-assignment.js';
import { setCompleted } from './actions/set-completed.js';
import { updateMaterial } from './actions/update-material.js';
import { updateModule } from './actions/update-module.js';

export { trainingFileDownloadPath } from './queries.js';

/**
 * The training service: one action per file in `actions/`, each made here from what it runs on and called with the
 * actor first. The reads and row mappers they share are in `queries.ts`, the steps of a change in `changes.ts`.
 */
export function createTrainingService(ctx: AppContext, notifications: NotificationService) {
  return {
    listModules: listModules(ctx),
    createModule: createModule(ctx),
    getModule: getModule(ctx),
    updateModule: updateModule(ctx, notifications),
    setAssignment: setAssignment(ctx, notifications),
    moveModule: moveModule(ctx),
    deleteModule: deleteModule(ctx),
    createMaterial: createMaterial(ctx),
    updateMaterial: updateMaterial(ctx),
    moveMaterial: moveMaterial(ctx),
    deleteMaterial: deleteMaterial(ctx),
    assertMayUpload: assertMayUpload(ctx),
    recordFile: recordFile(ctx),
    findFile: findFile(ctx),
    setCompleted: setCompleted(ctx),
    mine: mine(ctx),
    progress: progress(ctx),
    limits: { maxBytes: MAX_ATTACHMENT_BYTES },
  };
}

export type TrainingService = ReturnType<typeof createTrainingService>;
