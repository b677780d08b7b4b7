import {
  goPath,
  parseSearchKinds,
  SEARCH_KINDS,
  SEARCH_MARK_END,
  SEARCH_MARK_START,
  SEARCH_MAX_TERMS,
  type SearchItem,
  type SearchKind,
  type SearchQuery,
} from '@agency/schema';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import { assertCan, can, invoiceScope, proposalScope } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import { boardCards, clientCompanies, contracts, invoices, messages, projects, proposals, users } from '../../db/schema.js';
import { visibleBoards } from '../board/queries.js';
import { visibleCompanies, visiblePeople } from '../companies/helpers.js';
import { visibleContracts } from '../contracts/queries.js';
import { visibleInvoices } from '../invoices/queries.js';
import { resolveConversation, visibleMessages } from '../messaging/queries.js';
import { visibleProjects } from '../projects/queries.js';
import { visibleProposals } from '../proposals/queries.js';

/**
 * Each kind's rows are ranked among at most this many matches (taken in the index's order), so that a word found in
 * a hundred thousand messages costs what a rarer one does; the best of them come back.
 */
const CANDIDATES = 300;

/**
 * The big tables (messages, projects) are first searched among their newest rows only, this many: a word found
 * that often there (CANDIDATES times) takes its candidates from them, the newest matches, without the index
 * gathering every row that holds it (a million pointers for a word in every message); a rarer word goes to the
 * index as before, which then has few rows to gather.
 */
const NEWEST_ROWS = 3000;

/** ts_headline's options: the marks the web app turns into `<mark>`, and a short snippet of up to two fragments. */
const SNIPPET_OPTIONS = `StartSel="${SEARCH_MARK_START}", StopSel="${SEARCH_MARK_END}", MaxWords=18, MinWords=6, ShortWord=1, MaxFragments=2, FragmentDelimiter=" … "`;
const TITLE_OPTIONS = `StartSel="${SEARCH_MARK_START}", StopSel="${SEARCH_MARK_END}", HighlightAll=true`;

/**
 * The words of a query as a `tsquery`: every word must match a word of the record, the last one the start of a word. Each word
 * keeps letters, digits and the joiners of e-mail addresses and numbers, and is quoted, so nothing in it is read as
 * tsquery syntax. Null when nothing searchable is left.
 */
export function prefixQuery(q: string): string | null {
  const words = q
    .normalize('NFKC')
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}@._+-]/gu, '').replace(/^[@._+-]+|[@._+-]+$/g, ''))
    .filter((w) => w.length > 0)
    .slice(0, SEARCH_MAX_TERMS);
  if (words.length === 0) return null;
  // The last word may be half typed; the ones before it are whole. Exact words also let the GIN index skip through
  // a common word's rows by a rarer one's, where a prefix is first gathered in full.
  return words.map((w, i) => (i === words.length - 1 ? `'${w}':*` : `'${w}'`)).join(' & ');
}

/** How one kind is searched: its table's vector, what it shows, and who sees which rows (the list's own rule). */
type KindSpec = {
  from: SQL;
  /** `from` over the table's NEWEST_ROWS newest rows only (the big tables). */
  newest?: SQL;
  search: SQL;
  id: SQL;
  title: SQL;
  body: SQL;
  /** The row's link target and, for messages, the conversation (text columns). */
  target: SQL;
  conversation?: SQL;
  visible: SQL | undefined;
};

type Found = { kind: SearchKind; id: string; title: string; snippet: string; rank: number; target: string; conversation_id: string | null };

export function createSearchService(ctx: AppContext) {
  /** The rule of each kind for this caller, or null when the caller may list none of that kind. */
  function specOf(actor: Actor, kind: SearchKind, conversationId: string | undefined): KindSpec | null {
    switch (kind) {
      case 'project':
        if (!can(actor, 'project:list', null)) return null;
        return {
          from: sql`${projects}`,
          newest: sql`(select * from ${projects} order by ${projects.id} desc limit ${NEWEST_ROWS}) as ${projects}`,
          search: sql`${projects.search}`,
          id: sql`${projects.id}`,
          title: sql`${projects.title}`,
          body: sql`${projects.description}`,
          target: sql`'project'`,
          visible: visibleProjects(actor),
        };
      case 'company': {
        const visible = visibleCompanies(actor);
        if (visible === false) return null;
        return {
          from: sql`${clientCompanies}`,
          search: sql`${clientCompanies.search}`,
          id: sql`${clientCompanies.id}`,
          title: sql`${clientCompanies.name}`,
          body: sql`concat_ws(' · ', ${clientCompanies.taxNumber}, ${clientCompanies.country}, ${clientCompanies.billingEmail})`,
          target: sql`'company'`,
          visible,
        };
      }
      case 'person': {
        const visible = visiblePeople(actor);
        if (visible === false) return null;
        return {
          from: sql`${users}`,
          search: sql`${users.search}`,
          id: sql`${users.id}`,
          title: sql`${users.name}`,
          body: sql`${users.email}`,
          // A client's people are shown on their company's page.
          target: sql`case when ${users.companyId} is null then 'person:' || ${users.id} else 'company:' || ${users.companyId} end`,
          visible,
        };
      }
      case 'proposal':
        if (!can(actor, 'proposal:list', null)) return null;
        return {
          from: sql`${proposals}`,
          search: sql`${proposals.search}`,
          id: sql`${proposals.id}`,
          title: sql`${proposals.title}`,
          body: sql`${proposals.introMarkdown}`,
          target: sql`'proposal'`,
          visible: visibleProposals(proposalScope(actor)),
        };
      case 'contract':
        if (!can(actor, 'contract:list', null)) return null;
        return {
          // The list's rule reads the contract's project (its team lead).
          from: sql`${contracts} join ${projects} on ${projects.id} = ${contracts.projectId}`,
          search: sql`${contracts.search}`,
          id: sql`${contracts.id}`,
          title: sql`${contracts.title}`,
          body: sql`${projects.title}`,
          target: sql`'contract'`,
          visible: visibleContracts(actor),
        };
      case 'invoice':
        if (!can(actor, 'invoice:list', null)) return null;
        return {
          from: sql`${invoices} join ${clientCompanies} on ${clientCompanies.id} = ${invoices.companyId}`,
          search: sql`${invoices.search}`,
          id: sql`${invoices.id}`,
          title: sql`${invoices.invoiceNo}`,
          body: sql`${clientCompanies.name}`,
          target: sql`'invoice'`,
          visible: visibleInvoices(invoiceScope(actor)),
        };
      case 'card':
        if (!can(actor, 'board:overview', null)) return null;
        return {
          from: sql`${boardCards} join ${projects} on ${projects.id} = ${boardCards.projectId}`,
          search: sql`${boardCards.search}`,
          id: sql`${boardCards.id}`,
          title: sql`${boardCards.title}`,
          body: sql`${boardCards.description}`,
          target: sql`'board_card'`,
          visible: visibleBoards(actor),
        };
      case 'message': {
        const visible = visibleMessages(actor);
        if (visible === false) return null;
        return {
          from: sql`${messages} join ${users} on ${users.id} = ${messages.senderId}`,
          newest: sql`(select * from ${messages} order by ${messages.id} desc limit ${NEWEST_ROWS}) as ${messages} join ${users} on ${users.id} = ${messages.senderId}`,
          search: sql`${messages.search}`,
          id: sql`${messages.id}`,
          title: sql`${users.name}`,
          body: sql`${messages.content}`,
          target: sql`'conversation'`,
          conversation: sql`${messages.conversationId}`,
          visible: conversationId === undefined ? visible : sql`${messages.conversationId} = ${conversationId} and ${visible ?? sql`true`}`,
        };
      }
    }
  }

  /** One kind's best rows for the query: its matches (at most CANDIDATES of them) ranked. */
  function kindSql(kind: SearchKind, spec: KindSpec, query: SQL, limit: number): SQL {
    const matches = (from: SQL, also: SQL = sql`true`) => sql`
        select ${spec.id} as id, ${spec.title} as title, coalesce(${spec.body}, '') as body, ${spec.search} as search,
               ${spec.target}::text as target, ${spec.conversation ?? sql`null`}::text as conversation_id
        from ${from}
        where ${spec.search} @@ ${query} and ${spec.visible ?? sql`true`} and ${also}
        limit ${CANDIDATES}`;
    // The newest rows' matches when they are enough, else the index's (each branch runs only when its count says so).
    const candidates = spec.newest
      ? sql`
        with newest as (${matches(spec.newest)})
        select * from newest where (select count(*) from newest) >= ${CANDIDATES}
        union all
        (${matches(spec.from, sql`(select count(*) from newest) < ${CANDIDATES}`)})`
      : matches(spec.from);
    return sql`(
      select ${kind}::text as kind, c.id, c.title, c.body, c.target, c.conversation_id, ts_rank(c.search, ${query}) as rank
      from (${candidates}) c
      order by rank desc, c.id desc
      limit ${limit}
    )`;
  }

  /** Every kind's best rows in one statement; the best `limit` of them highlighted. */
  async function searchKinds(kinds: [SearchKind, KindSpec][], tsquery: string, limit: number): Promise<Found[]> {
    const query = sql`to_tsquery('simple', ${tsquery})`;
    const clean = (text: SQL) => sql`translate(${text}, ${SEARCH_MARK_START + SEARCH_MARK_END}, '')`;
    const statement = sql`
      select r.kind, r.id::text as id, r.target, r.conversation_id, r.rank,
             ts_headline('simple', ${clean(sql`r.title`)}, ${query}, ${TITLE_OPTIONS}) as title,
             ts_headline('simple', ${clean(sql`r.body`)}, ${query}, ${SNIPPET_OPTIONS}) as snippet
      from (${sql.join(
        kinds.map(([kind, spec]) => kindSql(kind, spec, query, limit)),
        sql` union all `,
      )}) r
      order by r.rank desc, r.id desc
      limit ${limit}`;
    const result = await ctx.db.transaction(async (tx) => {
      // The words' share of rows is unknown to the planner (prefix matches), and with the candidates' LIMIT it would
      // rather scan a table until it has found enough, which for a rare word is all of it. The GIN index it is.
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await tx.execute(statement)) as unknown as {
        rows: { kind: SearchKind; id: string; target: string; conversation_id: string | null; rank: number; title: string; snippet: string }[];
      };
    });
    return result.rows.map((r) => ({ ...r, rank: Number(r.rank) }));
  }

  return {
    async search(actor: Actor, query: SearchQuery): Promise<{ items: SearchItem[] }> {
      assertCan(actor, 'search:use', null);
      const kinds = parseSearchKinds(query.kinds);
      if (kinds === null) throw new AppError('VALIDATION_FAILED', `kinds: use a comma-separated list of ${SEARCH_KINDS.join(', ')}`);
      const tsquery = prefixQuery(query.q);
      if (tsquery === null) throw new AppError('VALIDATION_FAILED', 'q: type a word to search for');
      // A conversation's search is its messages, once the caller may read that conversation (404 otherwise).
      if (query.conversation_id !== undefined) await resolveConversation(ctx.db, actor, query.conversation_id);
      const wanted = query.conversation_id === undefined ? kinds : (['message'] as SearchKind[]);
      const specs = wanted.flatMap((kind): [SearchKind, KindSpec][] => {
        const spec = specOf(actor, kind, query.conversation_id);
        return spec === null ? [] : [[kind, spec]];
      });
      if (specs.length === 0) return { items: [] };
      // Equal ranks: the kinds in their usual order, then the newest first.
      const best = (await searchKinds(specs, tsquery, query.limit)).sort(
        (a, b) => b.rank - a.rank || SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind) || Number(b.id) - Number(a.id),
      );
      return {
        items: best.map((f) => ({
          kind: f.kind,
          id: f.id,
          title: f.title,
          snippet: f.snippet,
          url: urlOf(f),
          ...(f.conversation_id === null ? {} : { conversation_id: f.conversation_id }),
        })),
      };
    },
  };
}

/** Where a result opens: the resolver the notifications use, which sends each role to its own screen. */
function urlOf(f: Found): string {
  if (f.conversation_id !== null) return goPath({ type: 'conversation', id: f.conversation_id });
  if (f.target === 'project' || f.target === 'proposal' || f.target === 'contract' || f.target === 'invoice' || f.target === 'board_card') {
    return goPath({ type: f.target, id: f.id });
  }
  if (f.target === 'company') return goPath({ type: 'company', id: f.id });
  const [type, id] = f.target.split(':');
  return goPath({ type: type === 'company' ? 'company' : 'person', id: id ?? f.id });
}

export type SearchService = ReturnType<typeof createSearchService>;
