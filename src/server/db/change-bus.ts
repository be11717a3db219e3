import pg from 'pg';

/**
 * "Something changed; drop what you cached about it." Per-process caches (tier and membership, feature
 * flags, the knowledge index, weather) subscribe to a topic; whoever changes the data publishes the key.
 * In the publishing process the listeners run before `publish` resolves (the change applies at once there);
 * with PostgreSQL every other process sharing the database hears it through LISTEN/NOTIFY, usually within
 * milliseconds. A listener connection that drops misses notifications, so on reconnecting every
 * subscriber is told `ALL_KEYS` and must drop everything it holds for its topic.
 */
export interface ChangeBus {
  publish(topic: string, key: string): Promise<void>;
  subscribe(topic: string, listener: (key: string) => void): () => void;
  /** Resolves once other processes' changes are heard (at once for one process). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The key a listener receives when it cannot know what changed (a reconnect): drop the whole topic. */
export const ALL_KEYS = '*';
export const CHANGE_CHANNEL = 'drone_doctor_changes';
/** NOTIFY payloads are at most 8000 bytes; our keys are ids, so anything longer is a bug, not data. */
const MAX_PAYLOAD = 7900;
const RECONNECT_MS = [100, 500, 1000, 2000, 5000];

type Listener = (key: string) => void;

class Listeners {
  private readonly byTopic = new Map<string, Set<Listener>>();

  add(topic: string, listener: Listener): () => void {
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  emit(topic: string, key: string) {
    for (const listener of this.byTopic.get(topic) ?? []) {
      try {
        listener(key);
      } catch (error) {
        console.error(`change-bus: a listener of '${topic}' failed`, error);
      }
    }
  }

  emitAll(key: string) {
    for (const topic of this.byTopic.keys()) this.emit(topic, key);
  }

  get size() {
    return this.byTopic.size;
  }
}

function encode(topic: string, key: string): string {
  if (topic.includes('\n')) throw new Error(`change-bus: topic '${topic}' contains a newline`);
  const payload = `${topic}\n${key}`;
  if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`change-bus: key of '${topic}' is too long to notify`);
  return payload;
}

function decode(payload: string): { topic: string; key: string } | null {
  const at = payload.indexOf('\n');
  return at < 0 ? null : { topic: payload.slice(0, at), key: payload.slice(at + 1) };
}

/** One process (PGlite, or tests): publishing is calling the listeners. */
export function localChangeBus(): ChangeBus {
  const listeners = new Listeners();
  return {
    publish: async (topic, key) => listeners.emit(topic, key),
    subscribe: (topic, listener) => listeners.add(topic, listener),
    ready: async () => undefined,
    close: async () => undefined,
  };
}

/**
 * Several processes on one PostgreSQL. The LISTEN connection is opened on the first subscription (a
 * process that caches nothing costs no connection) and reopened with back-off whenever it drops.
 */
export function postgresChangeBus(pool: pg.Pool, connectionString: string): ChangeBus {
  const listeners = new Listeners();
  let client: pg.Client | null = null;
  let loop: Promise<void> | null = null;
  let closed = false;
  let wake: (() => void) | null = null;
  const waiters = new Set<() => void>();

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
    const decoded = decode(message.payload);
    if (decoded) listeners.emit(decoded.topic, decoded.key);
  };

  /** Listens until the connection ends; resolves then (or rejects if it never came up). */
  const listenOnce = async (afterGap: boolean) => {
    const next = new pg.Client({ connectionString });
    next.on('notification', onNotification);
    const ended = new Promise<void>((resolve) => {
      next.on('error', (err) => {
        if (!closed) console.error(`change-bus: the LISTEN connection failed (${err.message}); reconnecting.`);
        resolve();
      });
      next.on('end', () => resolve());
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANGE_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    // Anything published while we were not listening is lost: everyone drops what they hold.
    if (afterGap) listeners.emitAll(ALL_KEYS);
    for (const resolve of waiters) resolve();
    waiters.clear();
    await ended;
    client = null;
    await next.end().catch(() => undefined);
  };

  const run = async () => {
    let attempt = 0;
    let afterGap = false;
    while (!closed) {
      try {
        await listenOnce(afterGap);
        attempt = 0;
      } catch (error) {
        if (!closed) console.error(`change-bus: could not listen (${error instanceof Error ? error.message : String(error)}); retrying.`);
      }
      if (closed) break;
      afterGap = true;
      const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)];
      attempt += 1;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, delay).unref();
      });
      wake = null;
    }
  };

  const ensureListening = () => {
    if (!loop && !closed) loop = run();
  };

  return {
    async publish(topic, key) {
      const payload = encode(topic, key);
      // This process first, so the change applies at once here whatever the network does.
      listeners.emit(topic, key);
      await pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]);
    },
    subscribe(topic, listener) {
      const off = listeners.add(topic, listener);
      ensureListening();
      return off;
    },
    async ready() {
      ensureListening();
      if (client || closed) return;
      await new Promise<void>((resolve) => waiters.add(resolve));
    },
    async close() {
      closed = true;
      for (const resolve of waiters) resolve();
      waiters.clear();
      wake?.();
      await client?.end().catch(() => undefined);
      await loop;
    },
  };
}
