import { BOARD_DEFAULT_COLUMNS, boardCardSchema, type AuthResponse, type Board, type BoardCard, type Card } from '@agency/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, inviteAndSignup, multipart, must, signInEveryRole, type TestApp } from './helpers.js';

let t: TestApp;
let who: Awaited<ReturnType<typeof signInEveryRole>>;
/** A team member who works on no project of this file. */
let outsider: AuthResponse;

beforeAll(async () => {
  t = await createTestApp();
  who = await signInEveryRole(t.app);
  outsider = await inviteAndSignup(t.app, who.admin.token, 'teammember');
});
afterAll(async () => t.close());

/** A project of the client, approved with the team lead and the team member, optionally started. */
async function approvedProject(status: 'approved' | 'in_progress' = 'in_progress') {
  const created = await call(t.app, 'POST', '/projects', {
    token: who.client.token,
    body: { title: 'Board project', description: 'A project that runs on a board.' },
  });
  const id = must(created, 201, 'create project').body.project.id as string;
  must(
    await call(t.app, 'POST', `/projects/${id}/approve`, {
      token: who.superadmin.token,
      body: { team_lead_id: who.teamlead.user.id, member_ids: [who.teammember.user.id] },
    }),
    200,
    'approve',
  );
  if (status === 'in_progress')
    must(await call(t.app, 'POST', `/projects/${id}/status`, { token: who.teamlead.token, body: { status: 'in_progress' } }), 200, 'start');
  return id;
}

async function board(projectId: string, token = who.teamlead.token): Promise<Board> {
  return must(await call(t.app, 'GET', `/projects/${projectId}/board`, { token }), 200, 'board').body;
}

const columnNamed = (b: Board, name: string) => b.columns.find((c) => c.name === name)!;

async function addCard(
  projectId: string,
  columnId: string,
  title: string,
  extra: Record<string, unknown> = {},
  token = who.teamlead.token,
): Promise<Card> {
  const res = await call(t.app, 'POST', `/projects/${projectId}/board/cards`, { token, body: { column_id: columnId, title, ...extra } });
  return must(res, 201, `card ${title}`).body.card;
}

function move(card: { id: string; version: number }, body: Record<string, unknown>, token = who.teamlead.token) {
  return call(t.app, 'POST', `/board/cards/${card.id}/move`, { token, body: { version: card.version, ...body } });
}

const titles = (cards: readonly BoardCard[]) => cards.map((c) => c.title);

describe('the board', () => {
  it('opens with the default columns, in order, each with no WIP limit', async () => {
    const projectId = await approvedProject('approved');
    const b = await board(projectId);
    expect(b.columns.map((c) => c.name)).toEqual(['Backlog', 'To do', 'In progress', 'Review', 'Done']);
    expect(b.columns.every((c) => c.wip_limit === null && c.cards.length === 0)).toBe(true);
    expect(b).toMatchObject({ writable: true, can_manage_columns: true, project: { id: projectId, status: 'approved' } });
    expect(b.members.map((m) => m.id).sort()).toEqual([who.teamlead.user.id, who.teammember.user.id].sort());
    // Opening it again (or by two people) never makes a second set.
    expect((await board(projectId, who.teammember.token)).columns.map((c) => c.id)).toEqual(b.columns.map((c) => c.id));
    expect((await board(projectId, who.teammember.token)).can_manage_columns).toBe(false);
  });

  it('is not there for a pending project, and is read-only once the project is completed', async () => {
    const pending = await call(t.app, 'POST', '/projects', {
      token: who.client.token,
      body: { title: 'Not yet', description: 'Still waiting for approval.' },
    });
    const res = await call(t.app, 'GET', `/projects/${pending.body.project.id}/board`, { token: who.admin.token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'BOARD_CLOSED', error: 'The board opens once the project is approved' });

    const projectId = await approvedProject();
    const todo = columnNamed(await board(projectId), 'To do');
    const card = await addCard(projectId, todo.id, 'Last task');
    must(await call(t.app, 'POST', `/projects/${projectId}/status`, { token: who.teamlead.token, body: { status: 'completed' } }), 200, 'complete');
    const closed = await board(projectId);
    expect(closed.writable).toBe(false);
    const refused = await call(t.app, 'PATCH', `/board/cards/${card.id}`, {
      token: who.teamlead.token,
      body: { version: card.version, title: 'Late edit' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('BOARD_CLOSED');
  });

  it('keeps clients and employees off the project out with 404, and lets staff in', async () => {
    const projectId = await approvedProject();
    const todo = columnNamed(await board(projectId), 'To do');
    const card = await addCard(projectId, todo.id, 'Secret task');
    for (const token of [who.client.token, who.otherClient.token, outsider.token]) {
      for (const [method, path, body] of [
        ['GET', `/projects/${projectId}/board`, undefined],
        ['GET', `/board/cards/${card.id}`, undefined],
        ['PATCH', `/board/cards/${card.id}`, { version: 1, title: 'Mine now' }],
        ['POST', `/board/cards/${card.id}/move`, { version: 1, column_id: todo.id }],
        ['POST', `/projects/${projectId}/board/cards`, { column_id: todo.id, title: 'Sneaky' }],
      ] as const) {
        const res = await call(t.app, method, path, { token, body });
        expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 404, code: 'NOT_FOUND' });
      }
    }
    expect((await board(projectId, who.admin.token)).columns).toHaveLength(5);
    const staffCard = await addCard(projectId, todo.id, 'Staff task', {}, who.superadmin.token);
    expect(staffCard.created_by?.id).toBe(who.superadmin.user.id);
  });

  it('creates a card with every field, shows it to the team, notifies the assignee and records the activity', async () => {
    const projectId = await approvedProject();
    const todo = columnNamed(await board(projectId), 'To do');
    const card = await addCard(projectId, todo.id, 'Design the home page', {
      description: '## Goals\n\n- clear **call to action**\n\n<script>alert(1)</script>',
      assignee_ids: [who.teammember.user.id],
      due_date: '2030-05-01',
      labels: ['design', ' Design ', 'web'],
      checklist: [
        { id: 'a', text: 'Wireframe', done: true },
        { id: 'b', text: 'Mock-up', done: false },
      ],
    });
    expect(card).toMatchObject({
      title: 'Design the home page',
      version: 1,
      column_id: todo.id,
      column_name: 'To do',
      assignee_ids: [who.teammember.user.id],
      assignees: [{ id: who.teammember.user.id, name: who.teammember.user.name }],
      due_date: '2030-05-01',
      labels: ['design', 'web'],
      checklist_done: 1,
      checklist_total: 2,
      done: false,
    });
    // The Markdown is stored as written; the web app renders it sanitised.
    expect(card.description).toContain('<script>');
    expect(card.activity.map((e) => e.summary)).toEqual(['created the card in "To do"']);

    const seen = columnNamed(await board(projectId, who.teammember.token), 'To do').cards;
    expect(seen.map((c) => c.id)).toEqual([card.id]);
    // The board's listing (built by the database) says exactly what the card's own answer says.
    expect(boardCardSchema.strict().parse(seen[0])).toEqual(boardCardSchema.parse(card));
    const notes = must(await call(t.app, 'GET', '/notifications', { token: who.teammember.token }), 200, 'notifications').body.items;
    expect(notes[0]).toMatchObject({ kind: 'card_assigned', target: { type: 'board_card', id: card.id } });
  });

  it('refuses bad input with 400 and a clear message', async () => {
    const projectId = await approvedProject();
    const todo = columnNamed(await board(projectId), 'To do');
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ column_id: todo.id, title: 'x'.repeat(201) }, /Title must be at most 200 characters/],
      [{ column_id: todo.id, title: 'Labels', labels: Array.from({ length: 21 }, (_, i) => `l${i}`) }, /at most 20 labels/],
      [{ column_id: todo.id, title: 'Stranger', assignee_ids: [outsider.user.id] }, /assignees must be members of this project/],
      [{ column_id: todo.id, title: 'Client', assignee_ids: [who.client.user.id] }, /assignees must be members of this project/],
      [{ column_id: todo.id, title: '   ' }, /Title is required/],
      [{ column_id: todo.id, title: 'Date', due_date: '2030-02-30' }, /Not a real date/],
    ];
    for (const [body, message] of bad) {
      const res = await call(t.app, 'POST', `/projects/${projectId}/board/cards`, { token: who.teamlead.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect((await board(projectId)).columns.flatMap((c) => c.cards)).toEqual([]);
  });

  it('edits a card with its version; a stale version is 409 and changes nothing', async () => {
    const projectId = await approvedProject();
    const todo = columnNamed(await board(projectId), 'To do');
    const card = await addCard(projectId, todo.id, 'Write copy');
    const edited = must(
      await call(t.app, 'PATCH', `/board/cards/${card.id}`, {
        token: who.teammember.token,
        body: { version: 1, title: 'Write the copy', due_date: '2030-01-10', assignee_ids: [who.teamlead.user.id] },
      }),
      200,
      'edit',
    ).body.card as Card;
    expect(edited).toMatchObject({ version: 2, title: 'Write the copy', due_date: '2030-01-10', assignee_ids: [who.teamlead.user.id] });
    expect(edited.activity[0].summary).toBe('changed the title, the assignees and the due date');

    const stale = await call(t.app, 'PATCH', `/board/cards/${card.id}`, { token: who.teamlead.token, body: { version: 1, title: 'Overwritten' } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_STATE');
    const current = must(await call(t.app, 'GET', `/board/cards/${card.id}`, { token: who.teamlead.token }), 200, 'card').body.card;
    expect(current).toMatchObject({ version: 2, title: 'Write the copy' });

    const staleMove = await move({ id: card.id, version: 1 }, { column_id: todo.id });
    expect(staleMove.status).toBe(409);
    expect(staleMove.body.code).toBe('STALE_STATE');
    const staleDelete = await call(t.app, 'DELETE', `/board/cards/${card.id}`, { token: who.teamlead.token, query: { version: '1' } });
    expect(staleDelete.status).toBe(409);
  });

  it('moves a card by writing its own row only: the other cards keep their keys', async () => {
    const projectId = await approvedProject();
    const b = await board(projectId);
    const todo = columnNamed(b, 'To do');
    const doing = columnNamed(b, 'In progress');
    const cards: Card[] = [];
    for (const title of ['A', 'B', 'C', 'D']) cards.push(await addCard(projectId, todo.id, title));
    const before = new Map(columnNamed(await board(projectId), 'To do').cards.map((c) => [c.id, c]));

    // D between A and B, then C to the top of In progress, then B after nothing (the end of its column).
    must(await move(cards[3], { column_id: todo.id, after_card_id: cards[0].id, before_card_id: cards[1].id }), 200, 'move D');
    must(await move(cards[2], { column_id: doing.id }), 200, 'move C');
    const after = await board(projectId);
    expect(titles(columnNamed(after, 'To do').cards)).toEqual(['A', 'D', 'B']);
    expect(titles(columnNamed(after, 'In progress').cards)).toEqual(['C']);
    for (const c of columnNamed(after, 'To do').cards.filter((c) => c.title !== 'D')) {
      expect(c).toMatchObject({ position: before.get(c.id)!.position, version: before.get(c.id)!.version });
    }
    const moved = must(await call(t.app, 'GET', `/board/cards/${cards[2].id}`, { token: who.teamlead.token }), 200, 'C').body.card as Card;
    expect(moved.version).toBe(2);
    expect(moved.activity[0].summary).toBe('moved the card from "To do" to "In progress"');

    // Before a card: C goes before itself's neighbour in its new column.
    const e = await addCard(projectId, doing.id, 'E');
    must(await move(e, { column_id: doing.id, before_card_id: cards[2].id }), 200, 'move E');
    expect(titles(columnNamed(await board(projectId), 'In progress').cards)).toEqual(['E', 'C']);
  });

  it('marks a card done in the last column, and not done when it leaves', async () => {
    const projectId = await approvedProject();
    const b = await board(projectId);
    const card = await addCard(projectId, columnNamed(b, 'Review').id, 'Ship it');
    const done = must(await move(card, { column_id: columnNamed(b, 'Done').id }), 200, 'to done').body.card as Card;
    expect(done).toMatchObject({ done: true, column_name: 'Done' });
    expect(done.completed_at).not.toBeNull();
    const back = must(await move(done, { column_id: columnNamed(b, 'Review').id }), 200, 'back').body.card as Card;
    expect(back).toMatchObject({ done: false, completed_at: null });
    const direct = await addCard(projectId, columnNamed(b, 'Done').id, 'Already done');
    expect(direct.done).toBe(true);
  });

  it("refuses a move to another project's column with 400, and a neighbour no longer there with 409", async () => {
    const projectId = await approvedProject();
    const other = await approvedProject();
    const todo = columnNamed(await board(projectId), 'To do');
    const otherTodo = columnNamed(await board(other), 'To do');
    const card = await addCard(projectId, todo.id, 'Stay home');
    const res = await move(card, { column_id: otherTodo.id });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', error: "column_id: a card can only move to a column of its own project's board" });
    const create = await call(t.app, 'POST', `/projects/${projectId}/board/cards`, {
      token: who.teamlead.token,
      body: { column_id: otherTodo.id, title: 'Elsewhere' },
    });
    expect(create.status).toBe(400);

    const stranger = await addCard(other, otherTodo.id, 'Elsewhere');
    const gone = await move(card, { column_id: todo.id, after_card_id: stranger.id });
    expect(gone.status).toBe(409);
    expect(gone.body.code).toBe('STALE_STATE');
    expect(columnNamed(await board(other), 'To do').cards).toHaveLength(1);
  });

  it('refuses a card into a column at its WIP limit with 409 naming the limit; reordering inside it still works', async () => {
    const projectId = await approvedProject();
    const b = await board(projectId);
    const todo = columnNamed(b, 'To do');
    const doing = columnNamed(b, 'In progress');
    const limited = must(
      await call(t.app, 'PATCH', `/board/columns/${doing.id}`, { token: who.teamlead.token, body: { wip_limit: 2 } }),
      200,
      'limit',
    ).body.column;
    expect(limited).toMatchObject({ id: doing.id, name: 'In progress', wip_limit: 2 });
    const first = await addCard(projectId, doing.id, 'One');
    const second = await addCard(projectId, doing.id, 'Two');
    const third = await addCard(projectId, todo.id, 'Three');

    const refused = await move(third, { column_id: doing.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'WIP_LIMIT', error: expect.stringContaining('"In progress" is at its WIP limit of 2 cards') });
    const created = await call(t.app, 'POST', `/projects/${projectId}/board/cards`, {
      token: who.teamlead.token,
      body: { column_id: doing.id, title: 'Four' },
    });
    expect(created.status).toBe(409);
    expect(created.body.code).toBe('WIP_LIMIT');

    must(await move(second, { column_id: doing.id, before_card_id: first.id }), 200, 'reorder in a full column');
    expect(titles(columnNamed(await board(projectId), 'In progress').cards)).toEqual(['Two', 'One']);

    must(await call(t.app, 'PATCH', `/board/columns/${doing.id}`, { token: who.teamlead.token, body: { wip_limit: null } }), 200, 'no limit');
    must(await move(third, { column_id: doing.id }), 200, 'now it fits');
  });

  it('lets only the project lead and staff manage columns; a column with cards cannot be deleted', async () => {
    const projectId = await approvedProject();
    const b = await board(projectId);
    const denied = await call(t.app, 'POST', `/projects/${projectId}/board/columns`, { token: who.teammember.token, body: { name: 'QA' } });
    expect(denied.status).toBe(403);
    const qa = must(
      await call(t.app, 'POST', `/projects/${projectId}/board/columns`, { token: who.teamlead.token, body: { name: 'QA', wip_limit: 3 } }),
      201,
      'add',
    ).body.column;
    // A new column goes just before the done column.
    expect((await board(projectId)).columns.map((c) => c.name)).toEqual(['Backlog', 'To do', 'In progress', 'Review', 'QA', 'Done']);
    must(
      await call(t.app, 'POST', `/board/columns/${qa.id}/move`, { token: who.admin.token, body: { after_column_id: columnNamed(b, 'To do').id } }),
      200,
      'move',
    );
    must(await call(t.app, 'PATCH', `/board/columns/${qa.id}`, { token: who.teamlead.token, body: { name: 'Testing' } }), 200, 'rename');
    expect((await board(projectId)).columns.map((c) => c.name)).toEqual(['Backlog', 'To do', 'Testing', 'In progress', 'Review', 'Done']);

    const card = await addCard(projectId, qa.id, 'Test the form');
    const full = await call(t.app, 'DELETE', `/board/columns/${qa.id}`, { token: who.teamlead.token });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('COLUMN_NOT_EMPTY');
    must(
      await call(t.app, 'DELETE', `/board/cards/${card.id}`, { token: who.teamlead.token, query: { version: String(card.version) } }),
      204,
      'delete card',
    );
    must(await call(t.app, 'DELETE', `/board/columns/${qa.id}`, { token: who.teamlead.token }), 204, 'delete column');
    expect((await board(projectId)).columns).toHaveLength(5);
  });

  it('re-marks done cards when the last column changes', async () => {
    const projectId = await approvedProject();
    const b = await board(projectId);
    const review = await addCard(projectId, columnNamed(b, 'Review').id, 'In review');
    const done = await addCard(projectId, columnNamed(b, 'Done').id, 'Finished');
    // Review moves after Done: it is now the done column.
    must(
      await call(t.app, 'POST', `/board/columns/${columnNamed(b, 'Review').id}/move`, { token: who.teamlead.token, body: {} }),
      200,
      'move review',
    );
    const after = await board(projectId);
    expect(after.columns.at(-1)!.name).toBe('Review');
    expect(after.columns.flatMap((c) => c.cards).find((c) => c.id === review.id)!.done).toBe(true);
    expect(after.columns.flatMap((c) => c.cards).find((c) => c.id === done.id)!.done).toBe(false);
  });

  it('lets a member delete their own cards but not the lead’s, and a lead any card', async () => {
    const projectId = await approvedProject();
    const todo = columnNamed(await board(projectId), 'To do');
    const leads = await addCard(projectId, todo.id, 'Lead card');
    const members = await addCard(projectId, todo.id, 'Member card', {}, who.teammember.token);
    const denied = await call(t.app, 'DELETE', `/board/cards/${leads.id}`, { token: who.teammember.token, query: { version: '1' } });
    expect(denied.status).toBe(403);
    must(await call(t.app, 'DELETE', `/board/cards/${members.id}`, { token: who.teammember.token, query: { version: '1' } }), 204, 'own');
    must(await call(t.app, 'DELETE', `/board/cards/${leads.id}`, { token: who.teamlead.token, query: { version: '1' } }), 204, 'lead');
    expect(columnNamed(await board(projectId), 'To do').cards).toEqual([]);
  });

  it('keeps comments and attachments on a card, within the storage limits, and removes files with the card', async () => {
    const projectId = await approvedProject();
    const todo = columnNamed(await board(projectId), 'To do');
    const card = await addCard(projectId, todo.id, 'With files', { assignee_ids: [who.teammember.user.id] });
    const comment = must(
      await call(t.app, 'POST', `/board/cards/${card.id}/comments`, { token: who.teamlead.token, body: { body: 'Please check the **spacing**.' } }),
      201,
      'comment',
    ).body.comment;
    expect(comment).toMatchObject({ body: 'Please check the **spacing**.', author: { id: who.teamlead.user.id } });
    const empty = await call(t.app, 'POST', `/board/cards/${card.id}/comments`, { token: who.teamlead.token, body: { body: '  ' } });
    expect(empty.status).toBe(400);

    const upload = multipart([{ name: 'spec.txt', content: Buffer.from('the spec') }]);
    const withFile = must(
      await call(t.app, 'POST', `/board/cards/${card.id}/attachments`, { token: who.teammember.token, body: upload.body, headers: upload.headers }),
      201,
      'attach',
    ).body.card as Card;
    expect(withFile.attachments).toHaveLength(1);
    expect(withFile).toMatchObject({ comment_count: 1, attachment_count: 1, comments: [{ id: comment.id }] });
    const file = withFile.attachments[0];
    const download = await t.app.inject({ method: 'GET', url: file.url });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('the spec');
    const listed = columnNamed(await board(projectId), 'To do').cards[0];
    expect(listed).toMatchObject({ comment_count: 1, attachment_count: 1 });

    const tooMany = multipart(Array.from({ length: 10 }, (_, i) => ({ name: `f${i}.txt`, content: Buffer.from('x') })));
    const refused = await call(t.app, 'POST', `/board/cards/${card.id}/attachments`, {
      token: who.teamlead.token,
      body: tooMany.body,
      headers: tooMany.headers,
    });
    expect(refused.status).toBe(413);

    must(await call(t.app, 'DELETE', `/board/cards/${card.id}/attachments/${file.id}`, { token: who.teamlead.token }), 204, 'remove file');
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
    const again = must(await call(t.app, 'GET', `/board/cards/${card.id}`, { token: who.teamlead.token }), 200, 'card').body.card as Card;
    expect(again.activity.map((e) => e.kind)).toEqual(['attachment_removed', 'attachment_added', 'commented', 'created']);
    const notes = must(await call(t.app, 'GET', '/notifications', { token: who.teammember.token }), 200, 'notes').body.items;
    expect(notes.some((n: { kind: string }) => n.kind === 'card_comment')).toBe(true);
  });

  it('counts card files against the uploader’s storage quota', async () => {
    const small = await createTestApp({ STORAGE_QUOTA_MB: '1' });
    try {
      const people = await signInEveryRole(small.app);
      const created = await call(small.app, 'POST', '/projects', {
        token: people.client.token,
        body: { title: 'Quota', description: 'Quota project here.' },
      });
      const id = created.body.project.id;
      await call(small.app, 'POST', `/projects/${id}/approve`, { token: people.superadmin.token, body: { team_lead_id: people.teamlead.user.id } });
      const b = must(await call(small.app, 'GET', `/projects/${id}/board`, { token: people.teamlead.token }), 200, 'board').body as Board;
      const card = must(
        await call(small.app, 'POST', `/projects/${id}/board/cards`, {
          token: people.teamlead.token,
          body: { column_id: b.columns[0].id, title: 'Big' },
        }),
        201,
        'card',
      ).body.card;
      const big = multipart([{ name: 'big.bin', content: Buffer.alloc(700 * 1024, 1) }]);
      must(
        await call(small.app, 'POST', `/board/cards/${card.id}/attachments`, { token: people.teamlead.token, body: big.body, headers: big.headers }),
        201,
        'first',
      );
      const over = await call(small.app, 'POST', `/board/cards/${card.id}/attachments`, {
        token: people.teamlead.token,
        body: big.body,
        headers: big.headers,
      });
      expect(over.status).toBe(413);
      expect(over.body.code).toBe('QUOTA_EXCEEDED');
    } finally {
      await small.close();
    }
  });

  it('shows a client the progress of its project, never the cards', async () => {
    const projectId = await approvedProject();
    const b = await board(projectId);
    await addCard(projectId, columnNamed(b, 'To do').id, 'One');
    await addCard(projectId, columnNamed(b, 'Done').id, 'Two');
    const progress = must(await call(t.app, 'GET', `/projects/${projectId}/progress`, { token: who.client.token }), 200, 'progress').body;
    expect(progress).toMatchObject({ has_board: true, total: 2, done: 1 });
    expect(progress.columns.map((c: { name: string; count: number }) => [c.name, c.count])).toEqual([
      ['Backlog', 0],
      ['To do', 1],
      ['In progress', 0],
      ['Review', 0],
      ['Done', 1],
    ]);
    expect(JSON.stringify(progress)).not.toContain('One');
    expect((await call(t.app, 'GET', `/projects/${projectId}/progress`, { token: who.otherClient.token })).status).toBe(404);
  });

  it('lists my open cards across projects, overdue first, and each board at a glance', async () => {
    const member = await inviteAndSignup(t.app, who.admin.token, 'teammember');
    const created = await call(t.app, 'POST', '/projects', {
      token: who.client.token,
      body: { title: 'Glance', description: 'At a glance project.' },
    });
    const projectId = created.body.project.id;
    await call(t.app, 'POST', `/projects/${projectId}/approve`, {
      token: who.superadmin.token,
      body: { team_lead_id: who.teamlead.user.id, member_ids: [member.user.id] },
    });
    const b = await board(projectId);
    const mine = { assignee_ids: [member.user.id] };
    await addCard(projectId, columnNamed(b, 'To do').id, 'Later', { ...mine, due_date: '2099-01-01' });
    await addCard(projectId, columnNamed(b, 'To do').id, 'Overdue', { ...mine, due_date: '2000-01-01' });
    await addCard(projectId, columnNamed(b, 'To do').id, 'Someday', mine);
    await addCard(projectId, columnNamed(b, 'Done').id, 'Finished', { ...mine, due_date: '2000-01-01' });
    await addCard(projectId, columnNamed(b, 'Backlog').id, 'Nobody’s');
    const cards = must(await call(t.app, 'GET', '/board/my-cards', { token: member.token }), 200, 'my cards').body.items;
    expect(cards.map((c: { title: string }) => c.title)).toEqual(['Overdue', 'Later', 'Someday']);
    expect(cards[0]).toMatchObject({ project: { id: projectId, title: 'Glance' }, column_name: 'To do' });

    const summaries = must(await call(t.app, 'GET', '/board/summaries', { token: who.teamlead.token }), 200, 'summaries').body.items;
    const glance = summaries.find((s: { project: { id: string } }) => s.project.id === projectId);
    expect(glance).toMatchObject({ total: 5, done: 1, overdue: 1, unassigned: 1 });
    expect(glance.columns.map((c: { count: number }) => c.count)).toEqual([1, 3, 0, 0, 1]);
    const outsiders = must(await call(t.app, 'GET', '/board/summaries', { token: outsider.token }), 200, 'outsider').body.items;
    expect(outsiders.map((s: { project: { id: string } }) => s.project.id)).not.toContain(projectId);
    expect((await call(t.app, 'GET', '/board/my-cards', { token: who.client.token })).status).toBe(404);
  });

  it('shows a project whose board nobody has opened yet, with its default columns and nothing in them', async () => {
    const projectId = await approvedProject('approved');
    const summaries = must(await call(t.app, 'GET', '/board/summaries', { token: who.teamlead.token }), 200, 'summaries').body.items;
    const fresh = summaries.find((s: { project: { id: string } }) => s.project.id === projectId);
    expect(fresh).toMatchObject({ project: { status: 'approved' }, total: 0, done: 0, overdue: 0, unassigned: 0 });
    expect(fresh.columns.map((c: { name: string; count: number }) => [c.name, c.count])).toEqual(BOARD_DEFAULT_COLUMNS.map((name) => [name, 0]));
    // The board it made is the one the project's screen then opens.
    expect((await board(projectId)).columns.map((c) => c.id)).toEqual(fresh.columns.map((c: { id: string }) => c.id));
  });
});

describe('concurrent moves', () => {
  it('20 concurrent moves in one column keep every card once, with unique keys and a total order', async () => {
    const projectId = await approvedProject();
    const todo = columnNamed(await board(projectId), 'To do');
    const cards: Card[] = [];
    for (let i = 0; i < 21; i++) cards.push(await addCard(projectId, todo.id, `Card ${i}`));
    // Twenty cards move at once, half to go right before the first card and half right after it: twenty writers
    // fight over the two gaps around one card.
    const [anchor, ...movers] = cards;
    const goesBefore = (i: number) => i % 2 === 0;
    const results = await Promise.all(
      movers.map((card, i) => move(card, { column_id: todo.id, ...(goesBefore(i) ? { before_card_id: anchor.id } : { after_card_id: anchor.id }) })),
    );
    expect(results).toHaveLength(20);
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const after = columnNamed(await board(projectId), 'To do').cards;
    expect(after).toHaveLength(21);
    expect(new Set(after.map((c) => c.id))).toEqual(new Set(cards.map((c) => c.id)));
    expect(new Set(after.map((c) => c.position)).size).toBe(21);
    const positions = after.map((c) => c.position);
    expect([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(positions);
    // Each card landed on its side of the anchor.
    const ids = after.map((c) => c.id);
    expect(ids.indexOf(anchor.id)).toBe(10);
    expect(new Set(ids.slice(0, 10))).toEqual(new Set(movers.filter((_c, i) => goesBefore(i)).map((c) => c.id)));
    expect(new Set(ids.slice(11))).toEqual(new Set(movers.filter((_c, i) => !goesBefore(i)).map((c) => c.id)));
  });

  it('two people moving the same card: one wins, the other is told the card changed', async () => {
    const projectId = await approvedProject();
    const b = await board(projectId);
    const card = await addCard(projectId, columnNamed(b, 'To do').id, 'Contested');
    const [first, second] = await Promise.all([
      move(card, { column_id: columnNamed(b, 'In progress').id }, who.teamlead.token),
      move(card, { column_id: columnNamed(b, 'Review').id }, who.teammember.token),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.status === 409)!.body.code).toBe('STALE_STATE');
    const cardsNow = (await board(projectId)).columns.flatMap((c) => c.cards);
    expect(cardsNow.filter((c) => c.id === card.id)).toHaveLength(1);
    expect(cardsNow.find((c) => c.id === card.id)!.version).toBe(2);
  });

  it('concurrent moves into a column never push it past its WIP limit', async () => {
    const projectId = await approvedProject();
    const b = await board(projectId);
    const doing = columnNamed(b, 'In progress');
    await call(t.app, 'PATCH', `/board/columns/${doing.id}`, { token: who.teamlead.token, body: { wip_limit: 3 } });
    const cards: Card[] = [];
    for (let i = 0; i < 10; i++) cards.push(await addCard(projectId, columnNamed(b, 'To do').id, `Task ${i}`));
    const results = await Promise.all(cards.map((card) => move(card, { column_id: doing.id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'WIP_LIMIT')).toBe(true);
    expect(columnNamed(await board(projectId), 'In progress').cards).toHaveLength(3);
  });
});
