/**
 * Counts and times the SQL statements a bench server runs, for "what does each round trip cost" (issue
 * 15). Bench-only instrumentation: it wraps the embedded PGlite instance's query and exec, or every
 * node-postgres pool's query, and groups statements by verb and main table. Timings are wall-clock per
 * statement, so only meaningful while requests run one at a time.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface StatementStat {
  name: string;
  count: number;
  ms: number;
}

const TABLE = /\b(?:from|into|update)\s+"?([a-z_]+)"?/i;

/** "select knowledge_sections", "insert queries", "begin": enough to tell the round trips apart. */
export function statementName(sql: string): string {
  const text = sql.trim().replace(/\s+/g, ' ');
  // A statement may name itself in a leading comment: /* question: start */.
  const named = /^\/\*\s*([^*]+?)\s*\*\//.exec(text)?.[1];
  if (named) return named;
  const verb = /^(with|select|insert|update|delete|begin|commit|rollback)\b/i.exec(text)?.[1]?.toLowerCase() ?? text.split(' ')[0]!.toLowerCase();
  if (verb === 'begin' || verb === 'commit' || verb === 'rollback') return verb;
  // A CTE's own statement is what follows its definitions; its main table is the one after the last FROM at depth 0.
  const main = verb === 'with' ? text.slice(text.lastIndexOf(') select') + 2) : text;
  const mainVerb = /^(select|insert|update|delete)\b/i.exec(main)?.[1]?.toLowerCase() ?? verb;
  const tables = [...main.matchAll(new RegExp(TABLE, 'gi'))].map((m) => m[1]!.toLowerCase()).filter((t) => t !== 'jsonb_array_elements_text');
  return `${mainVerb} ${tables[0] ?? '?'}`;
}

export function createStatementTimer() {
  const stats = new Map<string, StatementStat>();
  let on = false;
  const record = (sql: unknown, started: number) => {
    if (!on) return;
    const text = typeof sql === 'string' ? sql : typeof sql === 'object' && sql && 'text' in sql ? String(sql.text) : String(sql);
    const name = statementName(text);
    const stat = stats.get(name) ?? { name, count: 0, ms: 0 };
    stat.count += 1;
    stat.ms += performance.now() - started;
    stats.set(name, stat);
  };
  const wrap = <F extends (...args: never[]) => Promise<unknown>>(fn: F): F =>
    (async (...args: Parameters<F>) => {
      const started = performance.now();
      try {
        return await fn(...args);
      } finally {
        record(args[0], started);
      }
    }) as F;

  return {
    /** Instruments the embedded database (call once, before the app runs queries to time). */
    instrumentPglite(client: PGlite) {
      const query: PGlite['query'] = client.query.bind(client);
      client.query = wrap(query);
      client.exec = wrap(client.exec.bind(client));
    },
    /** Instruments every node-postgres pool of this process. */
    instrumentPg() {
      // eslint-disable-next-line @typescript-eslint/unbound-method -- re-bound below with apply(this)
      const original = pg.Pool.prototype.query as (...args: unknown[]) => unknown;
      pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
        const started = performance.now();
        const result = original.apply(this, args);
        if (result instanceof Promise) void result.finally(() => record(args[0], started)).catch(() => undefined);
        return result;
      } as typeof pg.Pool.prototype.query;
    },
    start() {
      stats.clear();
      on = true;
    },
    /** Per statement kind: total count and ms divided by `per` (e.g. the number of requests). */
    stop(per: number): StatementStat[] {
      on = false;
      return [...stats.values()].sort((a, b) => b.ms - a.ms).map((s) => ({ name: s.name, count: s.count / per, ms: s.ms / per }));
    },
  };
}
