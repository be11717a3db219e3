import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_KEYS, localChangeBus, postgresChangeBus, type ChangeBus } from '../../src/server/db/change-bus.ts';
import { openTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { waitFor } from '../support/wait-for.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('one process', () => {
  it('a publish reaches the topic’s listeners before it resolves, and only them', async () => {
    const bus = localChangeBus();
    const heard: string[] = [];
    bus.subscribe('tier', (key) => heard.push(`tier:${key}`));
    const off = bus.subscribe('flags', (key) => heard.push(`flags:${key}`));
    await bus.publish('tier', 'u1');
    expect(heard).toEqual(['tier:u1']);
    off();
    await bus.publish('flags', 'x');
    expect(heard).toEqual(['tier:u1']);
  });

  it('a failing listener does not stop the others', async () => {
    const bus = localChangeBus();
    const heard: string[] = [];
    bus.subscribe('tier', () => {
      throw new Error('boom');
    });
    bus.subscribe('tier', (key) => heard.push(key));
    await bus.publish('tier', 'u2');
    expect(heard).toEqual(['u2']);
  });
});

describe.skipIf(!serverUrl)('processes sharing one PostgreSQL (LISTEN/NOTIFY)', () => {
  let database: TestDatabase;
  let url: string;
  const pools: pg.Pool[] = [];
  let buses: ChangeBus[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    const name = (await database.db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0]!.name;
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    for (const pool of pools) await pool.end();
    await database.dispose();
  });

  const newBus = () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pools.push(pool);
    const bus = postgresChangeBus(pool, url);
    buses.push(bus);
    return bus;
  };

  it('a change published by one bus reaches another bus’s listeners', async () => {
    const a = newBus();
    const b = newBus();
    const heardByB: string[] = [];
    b.subscribe('tier', (key) => heardByB.push(key));
    await b.ready();
    await a.publish('tier', 'user-42');
    await waitFor(async () => heardByB.includes('user-42'), 'the other process hearing the change');
    expect(heardByB.filter((k) => k === 'user-42')).toHaveLength(1);
  });

  it('after its LISTEN connection is cut, a bus tells its listeners to drop everything and hears again', async () => {
    const a = newBus();
    const b = newBus();
    const heardByB: string[] = [];
    b.subscribe('flags', (key) => heardByB.push(key));
    await b.ready();

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'");
    await admin.end();

    await waitFor(async () => heardByB.includes(ALL_KEYS), 'the drop-everything signal after the reconnect');
    await b.ready();
    await a.publish('flags', 'beta-map');
    await waitFor(async () => heardByB.includes('beta-map'), 'a change heard after the reconnect');
  });

  it('close ends the listener connection', async () => {
    const bus = newBus();
    bus.subscribe('tier', () => undefined);
    await bus.ready();
    await bus.close();
    buses = buses.filter((b) => b !== bus);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await waitFor(async () => {
      const r = await admin.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen%' and state = 'idle'");
      return (r.rows[0] as { n: number }).n <= 2; // the two buses of the first tests may still listen
    }, 'the listener gone');
    await admin.end();
  });
});
