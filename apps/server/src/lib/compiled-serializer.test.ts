import { conversationSchema, meResponseSchema, messageSchema } from '@agency/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseSerializer, compiledSerializerCompiler } from './compiled-serializer';

const viaZod = (schema: z.ZodType) => zodSerializerCompiler({ schema, method: 'GET', url: '/test' } as Parameters<typeof zodSerializerCompiler>[0]);
const compiled = (schema: z.ZodType) => compiledSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const message = (over: Record<string, unknown> = {}) => ({
  id: 41,
  conversation_id: '3:7',
  sender_id: '1',
  receiver_id: '7',
  message_content: 'Line one\nLine "two" with \\ backslash, <b>tags</b>, emoji 🎉 and \u2028 separators',
  message_attachments: [
    { name: 'brief.pdf', url: '/api/messages/attachments/a.pdf?exp=1&sig=x', mime: 'application/pdf', size: 1234, stored_filename: 'a.pdf' },
  ],
  timestamp: '2026-11-24T09:00:00.000Z',
  delivered_at: null,
  read_at: null,
  is_read: 0,
  sender_name: 'Ada "A" Lovelace',
  ...over,
});

describe('compiled response serialisers', () => {
  it('write exactly what the zod serialiser writes for a page of messages, byte for byte', () => {
    const schema = z.object({ messages: z.array(messageSchema) });
    const page = {
      messages: [
        message(),
        message({ id: 42, message_attachments: [], delivered_at: '2026-11-24T09:01:00.000Z', read_at: '2026-11-24T09:02:00.000Z', is_read: 1 }),
        message({ id: 43, message_content: '' }),
      ],
    };
    expect(compiled(schema)(page)).toBe(viaZod(schema)(page));
    expect(JSON.parse(compiled(schema)(page))).toEqual(page);
  });

  it('leave out what the schema does not name, as the zod serialiser does (nothing internal leaks)', () => {
    const schema = z.object({ messages: z.array(messageSchema) });
    const page = { messages: [{ ...message(), password_hash: '$argon2id$secret', sender_session: 'abc' }], internal: true };
    const written = compiled(schema)(page);
    expect(written).toBe(viaZod(schema)(page));
    expect(written).not.toContain('argon2');
    expect(written).not.toContain('internal');
  });

  it('write the inbox and the signed-in user as the zod serialiser does, optional fields present or not', () => {
    const inbox = z.object({ error: z.string().optional(), conversations: z.array(conversationSchema) });
    const sample = z.toJSONSchema(conversationSchema, { io: 'output' });
    expect(sample).toBeTruthy();
    const conversation = Object.fromEntries(
      Object.entries((conversationSchema as z.ZodObject).shape).map(([key, field]) => [key, exampleOf(field as z.ZodType, key)]),
    );
    const { project_title: _title, other_user_name: _name, unread_count: _count, ...bare } = conversation;
    for (const answer of [{ conversations: [conversation, bare] }, { error: 'none', conversations: [] }]) {
      // The same JSON; fast-json-stringify writes required keys before optional ones, which no JSON reader minds.
      expect(JSON.parse(compiled(inbox)(answer))).toStrictEqual(JSON.parse(viaZod(inbox)(answer)));
    }
    const me = { user: exampleUser(), mfa_enrolment_required: true };
    expect(JSON.parse(compiled(meResponseSchema)(me))).toStrictEqual(JSON.parse(viaZod(meResponseSchema)(me)));
    const { mfa_enrolment_required: _unset, ...plain } = me;
    expect(JSON.parse(compiled(meResponseSchema)(plain))).toStrictEqual(JSON.parse(viaZod(meResponseSchema)(plain)));
  });

  it('refuse an answer missing a required field instead of writing it', () => {
    const schema = z.object({ messages: z.array(messageSchema) });
    const { conversation_id: _missing, ...broken } = message();
    expect(() => compiled(schema)({ messages: [broken] })).toThrow();
  });

  it('keep the zod serialiser for a schema JSON Schema cannot state', () => {
    const schema = z.object({ when: z.date() });
    expect(() => compileResponseSerializer(schema)).toThrow();
    const when = new Date('2026-01-02T03:04:05.000Z');
    expect(compiled(schema)({ when })).toBe('{"when":"2026-01-02T03:04:05.000Z"}');
  });
});

/** A plausible value for a field of a response schema, by its JSON Schema type. */
function exampleOf(field: z.ZodType, key: string): unknown {
  const json = z.toJSONSchema(field, { io: 'output' }) as {
    type?: string | string[];
    anyOf?: { type?: string; const?: unknown; enum?: unknown[] }[];
    enum?: unknown[];
  };
  const choices = json.enum ?? json.anyOf?.find((b) => b.enum)?.enum;
  if (choices) return choices[0];
  const type = Array.isArray(json.type) ? json.type.find((t) => t !== 'null') : (json.type ?? json.anyOf?.find((b) => b.type !== 'null')?.type);
  if (json.anyOf?.[0] && 'const' in json.anyOf[0]) return json.anyOf[0].const;
  switch (type) {
    case 'integer':
    case 'number':
      return 7;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'string':
      return `${key} "quoted" é`;
    default:
      return null;
  }
}

function exampleUser() {
  const shape = (meResponseSchema.shape.user as z.ZodObject).shape;
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, exampleOf(field as z.ZodType, key)]));
}
