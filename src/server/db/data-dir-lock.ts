import { closeSync, chmodSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same folder would accept writes that
 * vanish (issue 8). A lock file records the holder's PID and its start time; a lock whose process is gone
 * (or whose PID now belongs to another process, after a crash and a reboot) is stale and taken over, so a
 * crash never leaves the folder locked for good.
 */
export const LOCK_FILE = 'drone-doctor.lock';

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(`The data folder ${dataDir} is already in use by another Drone Doctor process (PID ${pid}). Stop that process, or start this one with another DATA_DIR or with DATABASE_URL.`);
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

interface LockRecord {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22), when known. */
  startTicks: string | null;
}

/** A process's start time, so a reused PID is not mistaken for the holder. Null where /proc is absent. */
function startTicksOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(record: LockRecord): boolean {
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (record.startTicks === null) return true;
  const now = startTicksOf(record.pid);
  return now === null || now === record.startTicks;
}

function readLock(file: string): LockRecord | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockRecord>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    return { pid: parsed.pid, startTicks: typeof parsed.startTicks === 'string' ? parsed.startTicks : null };
  } catch {
    return null;
  }
}

export interface DataDirLock {
  release(): void;
}

/** Takes the folder's lock or throws DataDirLockedError naming the folder and the holder's PID. */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  const file = join(dir, LOCK_FILE);
  const mine: LockRecord = { pid: process.pid, startTicks: startTicksOf(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      // 'wx': created only if absent, atomically, so two processes starting together cannot both win.
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      if (holder && holder.pid !== process.pid && isAlive(holder)) throw new DataDirLockedError(dir, holder.pid);
      // Stale (holder gone, or a half-written file): remove it and try again.
      rmSync(file, { force: true });
      continue;
    }
    writeSync(fd, JSON.stringify(mine));
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const current = readLock(file);
      if (current?.pid === process.pid) rmSync(file, { force: true });
    };
    process.once('exit', release);
    return { release };
  }
  const holder = readLock(file);
  throw new DataDirLockedError(dir, holder?.pid ?? 0);
}

/**
 * PGlite writes its files world-readable and writable (0666) whatever the umask, so the folder is what
 * protects them: created 0700, and an existing one tightened (returns true then, so start-up can say so).
 */
export function ensurePrivateDir(dataDir: string): boolean {
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    return false;
  }
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) === 0) return false;
  chmodSync(dataDir, 0o700);
  return true;
}
