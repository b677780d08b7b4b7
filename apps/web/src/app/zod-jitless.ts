import type { $ZodConfig } from 'zod/v4/core';

// Validation without zod's compiled fast path: its `new Function` probe would break the Content-Security-Policy
// (no 'unsafe-eval'), and the forms it checks are small. Imported first by what loads zod: the signed-in shell and the
// proposal opened from its e-mailed link; the light public pages check their fields without zod, and the landing page
// has none. zod keeps its settings in this global object (shared by every copy of zod) and reads it when it builds a
// schema; setting it here instead of calling zod's `config()` keeps zod's core off the screens that never validate.
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: $ZodConfig };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
