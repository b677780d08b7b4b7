// The accessibility sweep (support/a11y-sweep.ts says what it checks) of the admin and the team lead.
import { test } from '@playwright/test';
import { sweepRoles } from './support/a11y-sweep';

test.describe('accessibility', () => {
  sweepRoles(['admin', 'team lead']);
});
