import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { flightLogImportSessions } from '../../../db/schema/index.ts';
import { AppError, forbidden } from '../../../errors.ts';
import { canAddDrone, droneDisplayName, droneLimitMessage, generateUniqueIdentifier } from '../../../../shared/drones.ts';
import { compactName } from '../../../../shared/manufacturers.ts';
import { IMPORT_SESSION_MAX_BYTES, IMPORT_SESSION_TTL_MINUTES, IMPORT_SESSIONS_PER_USER, type ImportError, type ImportResponse } from '../../../../shared/flight-logs/contract.ts';
import { CSV_IMPORT_UPGRADE_TIP, canImportCsv } from '../../../../shared/flight-logs/policy.ts';
import type { Tier } from '../../../../shared/tiers.ts';
import * as droneRepo from '../../drones/repo.ts';
import * as repo from '../repo.ts';
import { analyse, type ImportPlan, type Kept, keptExtractSchema, type Source } from './analyse.ts';
import type { NewDroneSpec } from './drone-resolve.ts';
import type { ColumnMapper } from './llm-mapper.ts';
import { type Answers, answersSchema, type Question, questionSchema, readAnswer } from './questions.ts';
import { droneChoices } from './drone-resolve.ts';
import { decodeCsv } from './read-csv.ts';
import { releaseBytes } from './release-bytes.ts';
import { FORMAT_LABELS } from './telemetry.ts';
import { droneRefKey } from './types.ts';

export interface ImportCaller {
  id: string;
  tier: Tier;
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

const sessionTooLarge = () =>
  new AppError(
    413,
    'IMPORT_SESSION_TOO_LARGE',
    `This file needs an answer before it can be imported, and it is too large to keep while you answer (over ${IMPORT_SESSION_MAX_BYTES / (1024 * 1024)} MB compressed). Split it into smaller files and import each.`,
  );

/** Expired sessions of any user, a bounded batch per call: each new session clears some, so they never pile up. */
async function deleteExpiredSessions(tx: DbOrTx) {
  await tx.execute(sql`
    delete from ${flightLogImportSessions} where id in (
      select id from ${flightLogImportSessions} where expires_at < now() limit 100)`);
}

const sessionGone = () => new AppError(404, 'IMPORT_SESSION_NOT_FOUND', 'This import has expired or was already finished. Please import the file again.');

function clarification(question: Question, sessionId: string) {
  return new AppError(400, 'NEEDS_CLARIFICATION', question.question, {
    needsClarification: true,
    question: question.question,
    sessionId,
    options: question.options,
  });
}

/** Which created drone a spec is, so two rows naming the same new drone add it once. */
const specIdentity = (s: NewDroneSpec) =>
  s.uniqueIdentifier ? `id:${s.uniqueIdentifier.toLowerCase()}` : s.serialNumber !== 'Unknown' ? `sn:${compactName(s.serialNumber)}` : `name:${compactName(s.name ?? `${s.manufacturer}${s.model}${s.customModel ?? ''}`)}`;

function sameDrone(spec: NewDroneSpec, drones: droneRepo.DroneRow[]) {
  const active = drones.filter((d) => d.retiredAt === null);
  if (spec.uniqueIdentifier) {
    const byId = active.find((d) => d.uniqueIdentifier.toLowerCase() === spec.uniqueIdentifier!.toLowerCase());
    if (byId) return byId;
  }
  if (spec.serialNumber !== 'Unknown') {
    const bySerial = active.find((d) => compactName(d.serialNumber) === compactName(spec.serialNumber));
    if (bySerial) return bySerial;
  }
  return spec.name ? active.find((d) => d.name !== null && compactName(d.name) === compactName(spec.name!)) : undefined;
}

const flightKey = (droneId: number, date: string, time: string | null, minutes: number) => `${droneId}|${date}|${time?.slice(0, 8) ?? ''}|${minutes}`;

/**
 * The CSV import (doc 2 §7 "AI Import CSV"): recognise the file, ask when it is ambiguous (the
 * session lives in PostgreSQL for 30 minutes), then commit every flight or none, never one twice.
 */
export function createImportService(db: Db, mapper: ColumnMapper | null) {
  async function commit(caller: ImportCaller, plan: ImportPlan, claimSessionId: string | null): Promise<ImportResponse> {
    return db.transaction(async (tx: Tx) => {
      // The same lock as the drone registry: limits hold, and two imports of one file line up.
      await droneRepo.lockUserDrones(tx, caller.id);
      if (claimSessionId) {
        const [claimed] = await tx
          .delete(flightLogImportSessions)
          .where(and(eq(flightLogImportSessions.id, claimSessionId), eq(flightLogImportSessions.userId, caller.id)))
          .returning({ id: flightLogImportSessions.id });
        if (!claimed) throw sessionGone();
      }
      const errors: ImportError[] = [...plan.errors];
      const drones = await droneRepo.allDronesOf(tx, caller.id);
      let activeCount = drones.filter((d) => d.retiredAt === null).length;
      const created = new Map<string, number | { refused: string }>();
      const createdNames: string[] = [];
      const taken = new Set(drones.filter((d) => d.retiredAt === null).map((d) => d.uniqueIdentifier.toLowerCase()));

      async function droneFor(key: string): Promise<number | { refused: string } | null> {
        const resolution = plan.resolutions.get(key);
        if (!resolution) return null;
        // Read under the drone lock: a drone deleted since the file was read takes no flight (a retired
        // one only matches flights already logged, below).
        if (resolution.kind === 'existing') return drones.some((d) => d.id === resolution.droneId) ? resolution.droneId : null;
        const identity = specIdentity(resolution.spec);
        const done = created.get(identity);
        if (done !== undefined) return done;
        // Another import may have added this drone since the file was read: use it, do not add it twice.
        const meanwhile = sameDrone(resolution.spec, drones);
        if (meanwhile) return meanwhile.id;
        const label = droneDisplayName({ ...resolution.spec });
        if (!canAddDrone(caller.tier, activeCount)) {
          const refused = { refused: `the drone '${label}' could not be added: ${droneLimitMessage(caller.tier)}` };
          created.set(identity, refused);
          return refused;
        }
        const wanted = resolution.spec.uniqueIdentifier;
        const uniqueIdentifier = wanted && !taken.has(wanted.toLowerCase()) ? wanted : generateUniqueIdentifier();
        taken.add(uniqueIdentifier.toLowerCase());
        const { uniqueIdentifier: _ignored, ...spec } = resolution.spec;
        const row = await droneRepo.insertDrone(tx, { ...spec, userId: caller.id, uniqueIdentifier, isPrimary: activeCount === 0 });
        activeCount++;
        created.set(identity, row.id);
        createdNames.push(label);
        return row.id;
      }

      const rows: repo.NewFlightLogRow[] = [];
      const pending: { droneId: number; row: repo.NewFlightLogRow }[] = [];
      const lineOf = new Map<repo.NewFlightLogRow, number | null>();
      for (const flight of plan.flights) {
        const drone = await droneFor(droneRefKey(flight.drone));
        if (drone === null) {
          errors.push({ line: flight.line, message: 'Row skipped: its drone is no longer in your list' });
          continue;
        }
        if (typeof drone === 'object') {
          errors.push({ line: flight.line, message: `Row skipped: ${drone.refused}` });
          continue;
        }
        const row: repo.NewFlightLogRow = {
          userId: caller.id,
          droneId: drone,
          flightDate: flight.flightDate,
          takeoffTime: flight.takeoffTime,
          flightDuration: flight.durationMinutes,
          location: flight.location,
          flightType: flight.flightType ?? 'recreational',
          conditions: flight.conditions,
          notes: flight.notes,
          source: 'import',
        };
        lineOf.set(row, flight.line);
        pending.push({ droneId: drone, row });
      }

      // Never twice: a flight already logged (same drone, date, takeoff time, duration) is skipped, as
      // many times as the logbook already has it.
      const existing = new Map<string, number>();
      for (const k of await repo.existingFlightKeys(tx, caller.id, [...new Set(pending.map((p) => p.droneId))])) {
        existing.set(flightKey(k.droneId, k.flightDate, k.takeoffTime, k.flightDuration), k.n);
      }
      let skipped = 0;
      const retired = new Set(drones.filter((d) => d.retiredAt !== null).map((d) => d.id));
      for (const { droneId, row } of pending) {
        const key = flightKey(droneId, row.flightDate, row.takeoffTime ?? null, row.flightDuration);
        const left = existing.get(key) ?? 0;
        if (left > 0) {
          existing.set(key, left - 1);
          skipped++;
        } else if (retired.has(droneId)) {
          // A flight never lands on a drone taken out of the list, even one retired while this file was read.
          errors.push({ line: lineOf.get(row) ?? null, message: 'Row skipped: its drone is no longer in your list' });
        } else rows.push(row);
      }
      await repo.insertFlightLogs(tx, rows);

      return {
        imported: rows.length,
        totalFound: plan.totalFound,
        createdDrones: createdNames.length,
        createdDroneNames: createdNames,
        errors: errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)),
        confidence: plan.confidence,
        skipped,
        format: plan.format,
        formatLabel: FORMAT_LABELS[plan.format],
      };
    });
  }

  /**
   * Keeps what the answer needs (ADR 0035): compressed, at most IMPORT_SESSION_MAX_BYTES, at most
   * IMPORT_SESSIONS_PER_USER per user (a new one replaces the oldest: an import left unanswered is
   * the one given up). Expired sessions of anyone go on every new one, a bounded batch at a time.
   */
  async function saveQuestion(userId: string, source: Source, sessionId: string | null, answers: Answers, question: Question, keep: Kept): Promise<never> {
    const expiresAt = new Date(Date.now() + IMPORT_SESSION_TTL_MINUTES * 60_000);
    if (sessionId && keep.kind === 'file') {
      // The file is already kept: only the answers and the question change.
      await db
        .update(flightLogImportSessions)
        .set({ answers, pending: question, expiresAt })
        .where(and(eq(flightLogImportSessions.id, sessionId), eq(flightLogImportSessions.userId, userId)));
      throw clarification(question, sessionId);
    }
    const raw = keep.kind === 'file' ? (source.kind === 'file' ? source.bytes : null) : Buffer.from(JSON.stringify(keep), 'utf8');
    if (raw === null) throw sessionGone();
    const payload = await gzipAsync(raw);
    if (payload.length > IMPORT_SESSION_MAX_BYTES) throw sessionTooLarge();
    if (sessionId) {
      await db
        .update(flightLogImportSessions)
        .set({ kind: keep.kind, payload, answers, pending: question, expiresAt })
        .where(and(eq(flightLogImportSessions.id, sessionId), eq(flightLogImportSessions.userId, userId)));
      throw clarification(question, sessionId);
    }
    const id = await db.transaction(async (tx) => {
      await deleteExpiredSessions(tx);
      // Room for the new one: the user's newest (limit - 1) stay.
      await tx.execute(sql`
        delete from ${flightLogImportSessions} where user_id = ${userId} and id not in (
          select id from ${flightLogImportSessions} where user_id = ${userId} order by created_at desc, id desc limit ${IMPORT_SESSIONS_PER_USER - 1})`);
      const [row] = await tx
        .insert(flightLogImportSessions)
        .values({ userId, kind: keep.kind, payload, answers, pending: question, expiresAt })
        .returning({ id: flightLogImportSessions.id });
      return row!.id;
    });
    throw clarification(question, id);
  }

  async function sourceOf(session: { kind: 'file' | 'extract'; payload: Uint8Array }): Promise<Source> {
    let raw: Buffer;
    try {
      raw = await gunzipAsync(session.payload);
    } catch {
      throw sessionGone();
    }
    if (session.kind === 'file') return { kind: 'file', bytes: raw };
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw sessionGone();
    }
    const kept = keptExtractSchema.safeParse(parsed);
    if (!kept.success) throw sessionGone();
    return kept.data;
  }

  function assertTier(caller: ImportCaller) {
    if (!canImportCsv(caller.tier)) throw forbidden(CSV_IMPORT_UPGRADE_TIP);
  }

  return {
    assertTier,

    /** Takes ownership of `bytes`: their memory is given back when the import is over (release-bytes.ts). */
    async start(caller: ImportCaller, bytes: Buffer): Promise<ImportResponse> {
      assertTier(caller);
      if (bytes.length === 0 || bytes.every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09)) {
        throw new AppError(400, 'IMPORT_EMPTY', 'The file is empty.');
      }
      const source: Source = { kind: 'file', bytes: decodeCsv(bytes) };
      try {
        const drones = await droneRepo.allDronesOf(db, caller.id);
        const result = await analyse(source, {}, drones, mapper);
        if (result.kind === 'question') return await saveQuestion(caller.id, source, null, result.answers, result.question, result.keep);
        return await commit(caller, result.plan, null);
      } finally {
        // The file is read and, when a question is asked, kept compressed: its bytes (the body given here,
        // or the UTF-8 copy of another encoding) go now. start() owns `bytes` from the call on.
        releaseBytes(source.bytes);
        releaseBytes(bytes);
      }
    },

    async clarify(caller: ImportCaller, sessionId: string, answer: string): Promise<ImportResponse> {
      assertTier(caller);
      const [session] = await db
        .select()
        .from(flightLogImportSessions)
        .where(and(eq(flightLogImportSessions.id, sessionId), eq(flightLogImportSessions.userId, caller.id), gt(flightLogImportSessions.expiresAt, new Date())))
        .limit(1);
      if (!session) throw sessionGone();
      const pending = questionSchema.safeParse(session.pending);
      const saved = answersSchema.safeParse(session.answers);
      if (!pending.success || !saved.success) throw sessionGone();
      const drones = await droneRepo.allDronesOf(db, caller.id);
      const reading = readAnswer(pending.data, answer, saved.data, droneChoices(drones));
      if (!reading.ok && 'ended' in reading) {
        // Two unreadable answers: the session ends here, with what was expected (issue 16).
        await db.delete(flightLogImportSessions).where(eq(flightLogImportSessions.id, sessionId));
        throw new AppError(400, 'IMPORT_ANSWER_UNREADABLE', reading.ended);
      }
      if (!reading.ok) return saveQuestion(caller.id, { kind: 'extract', variants: {} }, sessionId, saved.data, reading.question, { kind: 'file' });
      const source = await sourceOf(session);
      try {
        let result: Awaited<ReturnType<typeof analyse>>;
        try {
          result = await analyse(source, reading.answers, drones, mapper);
        } catch (error) {
          // A file refused after an answer (not a flight log after all) ends its session: nothing is left to answer.
          if (error instanceof AppError && error.code === 'IMPORT_NOT_A_FLIGHT_LOG') await db.delete(flightLogImportSessions).where(eq(flightLogImportSessions.id, sessionId));
          throw error;
        }
        if (result.kind === 'question') return await saveQuestion(caller.id, source, sessionId, result.answers, result.question, result.keep);
        return await commit(caller, result.plan, sessionId);
      } finally {
        // The kept file, unpacked for this answer (up to 50 MB).
        if (source.kind === 'file') releaseBytes(source.bytes);
      }
    },

    async cancel(caller: ImportCaller, sessionId: string) {
      await db.delete(flightLogImportSessions).where(and(eq(flightLogImportSessions.id, sessionId), eq(flightLogImportSessions.userId, caller.id)));
      return { sessionId, message: 'Import cancelled' };
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
