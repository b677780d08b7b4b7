// The accessibility sweep (support/a11y-sweep.ts says what it checks) of the super admin and the team member.
import { test } from '@playwright/test';
import { sweepRoles } from './support/a11y-sweep';

test.describe('accessibility', () => {
  sweepRoles(['super admin', 'team member']);
});
