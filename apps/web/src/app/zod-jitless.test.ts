import { describe, expect, it } from 'vitest';
import './ui-shell';
import { globalConfig } from 'zod/v4/core';
import { z } from 'zod';

// The signed-in shell turns zod's compiled fast path off through zod's shared settings object, without loading
// zod: its `new Function` probe would break the page's Content-Security-Policy (no 'unsafe-eval').
describe('zod under the content security policy', () => {
  it('runs without its compiled fast path, so it never builds code with Function', () => {
    expect(globalConfig.jitless).toBe(true);
    const original = globalThis.Function;
    let built = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        built += 1;
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        built += 1;
        return Reflect.apply(target, self, args);
      },
    });
    try {
      const schema = z.object({ email: z.string().email(), age: z.number().int().min(0) });
      expect(schema.safeParse({ email: 'a@b.co', age: 3 }).success).toBe(true);
      expect(schema.safeParse({ email: 'nope', age: -1 }).success).toBe(false);
    } finally {
      globalThis.Function = original;
    }
    expect(built).toBe(0);
  });
});
