import { SEARCH_MARK_END, SEARCH_MARK_START, type SearchItem } from '@agency/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../src/db/schema.js';
import { buildWorld, CALLERS, type Account, type World } from './access-matrix.js';
import { call, createTestApp, must, type TestApp } from './helpers.js';
import { LINE } from './invoice-helpers.js';
import { draftProposal } from './proposal-support.js';

/** Words only one company's records hold: company A's and company B's. */
const MARK_A = 'zebraalpha';
const MARK_B = 'quokkabravo';

let t: TestApp;
let w: World;
let invoiceNoP: string;

const tokenOf = (who: Account) => w.accounts[who].token;
const mark = (word: string) => `${SEARCH_MARK_START}${word}${SEARCH_MARK_END}`;

async function search(who: Account, query: Record<string, string>) {
  return call(t.app, 'GET', '/search', { token: tokenOf(who), query });
}
async function found(who: Account, query: Record<string, string>): Promise<SearchItem[]> {
  return must(await search(who, query), 200, `search as ${who}`).body.items;
}
const kindsOf = (items: SearchItem[]) => [...new Set(items.map((i) => i.kind))].sort();

/** Each company's marker word in a project, a message, a proposal, a contract, its own name and, for A, a card. */
async function markRecords() {
  const app = t.app;
  for (const [who, word] of [
    ['clientA', MARK_A],
    ['clientB', MARK_B],
  ] as const) {
    const project = must(
      await call(app, 'POST', '/projects', { token: tokenOf(who), body: { title: `${word} portal`, description: 'A portal for the search test.' } }),
      201,
      'project',
    ).body.project;
    must(await call(app, 'PATCH', '/company', { token: tokenOf(who), body: { name: `Company ${word}` } }), 200, 'rename company');
    const proposal = await draftProposal(app, tokenOf('superadmin'), project.id, {
      title: `${word} proposal`,
      team_lead_id: w.accounts.teamlead.user.id,
    });
    must(await call(app, 'POST', `/proposals/${proposal.id}/send`, { token: tokenOf('superadmin') }), 200, 'send proposal');
    const me = w.accounts[who].user.id;
    must(
      await call(app, 'POST', '/client/send-message', {
        token: tokenOf(who),
        body: {
          sender_id: me,
          receiver_id: w.accounts.superadmin.user.id,
          conversation_id: `${project.id}:${me}`,
          message_content: `About the ${word} launch`,
        },
      }),
      201,
      'message',
    );
  }
  // P's client contract (drafted when P was approved), sent, under a marked title.
  const [contract] = await t.app.ctx.db
    .select()
    .from(contracts)
    .where(eq(contracts.projectId, Number(w.projectP)))
    .limit(1);
  await t.app.ctx.db
    .update(contracts)
    .set({ title: `${MARK_A} services agreement` })
    .where(eq(contracts.id, contract!.id));
  if (contract!.status === 'draft')
    must(await call(app, 'POST', `/contracts/${contract!.id}/send`, { token: tokenOf('superadmin'), body: {} }), 200, 'send contract');
  must(
    await call(app, 'POST', `/projects/${w.projectP}/board/cards`, {
      token: tokenOf('teamlead'),
      body: { column_id: w.columnsP.todo, title: `${MARK_A} hero banner`, description: 'Ask the <b>designer</b> for the banner' },
    }),
    201,
    'card',
  );
  const invoice = must(
    await call(app, 'POST', '/invoices', { token: tokenOf('superadmin'), body: { project_id: w.projectP, lines: [LINE] } }),
    201,
    'invoice',
  ).body.invoice;
  const sent = must(await call(app, 'POST', `/invoices/${invoice.id}/send`, { token: tokenOf('superadmin') }), 200, 'send invoice');
  invoiceNoP = sent.body.invoice.invoice_no;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.app);
  await markRecords();
});
afterAll(async () => t.close());

describe('GET /api/search', () => {
  it('finds each kind the caller may list, with the matched words marked and a link to open it', async () => {
    const items = await found('superadmin', { q: MARK_A });
    expect(kindsOf(items)).toEqual(['card', 'company', 'contract', 'message', 'project', 'proposal']);
    const project = items.find((i) => i.kind === 'project')!;
    expect(project.title).toBe(`${mark(MARK_A)} portal`);
    expect(project.url).toBe(`/go/project/${project.id}`);
    const message = items.find((i) => i.kind === 'message')!;
    expect(message.snippet).toBe(`About the ${mark(MARK_A)} launch`);
    expect(message.conversation_id).toMatch(/^\d+:\d+$/);
    expect(message.url).toBe(`/go/conversation/${encodeURIComponent(message.conversation_id!)}`);
    expect(items.find((i) => i.kind === 'company')!.url).toMatch(/^\/go\/company\/\d+$/);
    expect(items.find((i) => i.kind === 'card')!.url).toMatch(/^\/go\/board_card\/\d+$/);
  });

  it('matches the start of the last word and whole earlier words, ignores case and punctuation, and needs every word', async () => {
    expect((await found('superadmin', { q: 'ZEBRAAL', kinds: 'project' })).map((i) => i.title)).toEqual([`${mark(MARK_A)} portal`]);
    expect(await found('superadmin', { q: `${MARK_A} nosuchword`, kinds: 'project' })).toEqual([]);
    expect((await found('superadmin', { q: `${MARK_A} port`, kinds: 'project' })).length).toBe(1);
    expect(await found('superadmin', { q: 'zebraal portal', kinds: 'project' })).toEqual([]);
    expect((await found('superadmin', { q: `"${MARK_A}" & | !portal`, kinds: 'project' })).length).toBe(1);
  });

  it('ranks a match in the title above one in the text', async () => {
    const app = t.app;
    const inText = must(
      await call(app, 'POST', '/projects', {
        token: tokenOf('clientA'),
        body: { title: 'Shop refresh', description: 'The tapirword pages get a new look.' },
      }),
      201,
      'project',
    ).body.project;
    const inTitle = must(
      await call(app, 'POST', '/projects', { token: tokenOf('clientA'), body: { title: 'Tapirword relaunch', description: 'A new site.' } }),
      201,
      'project',
    ).body.project;
    const items = await found('clientA', { q: 'tapirword', kinds: 'project' });
    expect(items.map((i) => i.id)).toEqual([inTitle.id, inText.id]);
    expect(items[1]!.snippet).toBe(`The ${mark('tapirword')} pages get a new look`);
  });

  it('answers snippets as plain text: markup in a record is left out, only the marks remain', async () => {
    const [card] = await found('teamlead', { q: `${MARK_A} designer`, kinds: 'card' });
    expect(JSON.stringify(card!.snippet)).toBe(JSON.stringify(`Ask the  ${mark('designer')}  for the banner`));
  });

  it('finds an invoice by its number, for those who may list invoices', async () => {
    const [invoice] = await found('billingA', { q: invoiceNoP, kinds: 'invoice' });
    expect(invoice).toMatchObject({ kind: 'invoice', url: `/go/invoice/${invoice!.id}` });
    expect(invoice!.title.replaceAll(SEARCH_MARK_START, '').replaceAll(SEARCH_MARK_END, '')).toBe(invoiceNoP);
    // Members see no invoices at all; nor do employees.
    expect(await found('memberA', { q: invoiceNoP })).toEqual([]);
    expect(await found('teamlead', { q: invoiceNoP })).toEqual([]);
  });

  it('keeps to the kinds asked for', async () => {
    expect(kindsOf(await found('superadmin', { q: MARK_A, kinds: 'message,proposal' }))).toEqual(['message', 'proposal']);
    expect(kindsOf(await found('clientA', { q: MARK_A, kinds: 'company' }))).toEqual(['company']);
  });

  it('searches one conversation, which the caller must be able to read', async () => {
    const inP = await found('clientA', { q: 'logo', conversation_id: w.conversationP });
    expect(inP.map((i) => i.id)).toEqual([String(w.messageFromA)]);
    expect(await found('clientA', { q: MARK_A, conversation_id: w.conversationP })).toEqual([]);
    expect((await search('clientB', { q: 'logo', conversation_id: w.conversationP })).status).toBe(404);
  });

  it('ranks a word found in hundreds of messages among its newest matches, finds an old rare one, and keeps to access', async () => {
    const a = w.accounts.clientA.user.id;
    const owner = w.accounts.superadmin.user.id;
    // A rare word in an old message, then 3,100 newer ones, 400 of the newest holding a common word.
    const insert = (content: string, n: number) =>
      t.app.ctx.db.execute(sql`
        insert into messages (conversation_id, sender_id, receiver_id, message_content, timestamp)
        select ${w.conversationP}, ${a}, ${owner}, ${content} || ' ' || g, now() from generate_series(1, ${n}) g`);
    await insert('narwhalrare first note', 1);
    await insert('plain filler note', 2700);
    await insert('walruscommon update', 400);
    const ids = (
      (await t.app.ctx.db.execute(
        sql`select id::text from messages where message_content like 'walruscommon%' order by id desc limit 20`,
      )) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);

    expect((await found('superadmin', { q: 'walruscommon', kinds: 'message' })).map((i) => i.id)).toEqual(ids);
    expect((await found('clientA', { q: 'walruscommon', kinds: 'message' })).map((i) => i.id)).toEqual(ids);
    expect(await found('clientB', { q: 'walruscommon' })).toEqual([]);
    expect(await found('teamlead', { q: 'walruscommon', kinds: 'message' })).toEqual([]);
    const [rare] = await found('superadmin', { q: 'narwhalrare', kinds: 'message' });
    expect(rare?.snippet).toContain(`${mark('narwhalrare')} first note`);
    expect(await found('clientB', { q: 'narwhalrare' })).toEqual([]);
  });

  it('refuses an empty query, a query with no word, an unknown kind and a bad conversation id, with 400', async () => {
    const bad: Record<string, string>[] = [
      {},
      { q: '' },
      { q: '   ' },
      { q: '&|!' },
      { q: 'logo', kinds: 'project,secrets' },
      { q: 'logo', conversation_id: 'x' },
    ];
    for (const query of bad) {
      const res = await search('superadmin', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await call(t.app, 'GET', '/search', { query: { q: 'logo' } })).status).toBe(401);
  });

  describe('never shows one company what is the other’s', () => {
    // Each caller and the marker of the company whose records they must never see.
    const OTHER: Partial<Record<Account, string>> = {
      clientA: MARK_B,
      ownerA2: MARK_B,
      billingA: MARK_B,
      memberA: MARK_B,
      clientB: MARK_A,
    };
    it.each(CALLERS.filter((c): c is Account => c !== 'anonymous'))('%s', async (who) => {
      const own = OTHER[who] === MARK_B ? MARK_A : MARK_B;
      if (OTHER[who] !== undefined) {
        expect(await found(who, { q: OTHER[who] })).toEqual([]);
        // The same search finds the caller's own company's records, so an empty answer above is not an empty index.
        expect((await found(who, { q: own })).length).toBeGreaterThan(0);
        return;
      }
      // Employees see the records of the projects they work on and nothing of a company otherwise.
      const ofA = await found(who, { q: MARK_A });
      const ofB = await found(who, { q: MARK_B });
      switch (who) {
        case 'teamlead':
        case 'memberOn':
          expect(kindsOf(ofA)).toEqual(['card']);
          expect(ofB).toEqual([]);
          break;
        case 'memberOff':
          expect(ofA).toEqual([]);
          expect(ofB).toEqual([]);
          break;
        case 'admin':
          // Staff see every company; admins are not in the conversations.
          expect(kindsOf(ofA)).toEqual(['card', 'company', 'contract', 'project', 'proposal']);
          expect(kindsOf(ofB)).toEqual(['company', 'project', 'proposal']);
          break;
        case 'superadmin':
          expect(kindsOf(ofB)).toEqual(['company', 'message', 'project', 'proposal']);
          break;
        default:
          throw new Error(`no expectation for ${who}`);
      }
    });
  });
});
