import { z } from 'zod';
import { AppError } from '../../../errors.ts';
import { FLIGHT_TYPES, IMPORT_FORMATS, type ImportError, type ImportFormat } from '../../../../shared/flight-logs/contract.ts';
import type { DroneRow } from '../../drones/repo.ts';
import { describeColumns } from './columns.ts';
import { type Resolution, resolveDrones } from './drone-resolve.ts';
import type { ColumnMapper } from './llm-mapper.ts';
import { type LogbookMapping, mapLogbook, readLogbookRows, type Row } from './logbook.ts';
import { type Answers, type Question, questions } from './questions.ts';
import { readRecords, sniffLayout } from './read-csv.ts';
import { detectTelemetryFormat, FORMAT_LABELS, TelemetryAccumulator } from './telemetry.ts';
import type { FlightCandidate } from './types.ts';
import type { DateOrder } from './values.ts';

/**
 * From the file (or what was kept of it) and the answers given so far to either the next question or a
 * plan: the flights found, the rows that could not be read, and the drone each flight belongs to. Runs
 * again after every answer, so any app process can continue. While it waits, an import keeps only what
 * the answer needs (ADR 0035): the file for a question about its columns, otherwise the flights read
 * from it (a telemetry log with ambiguous dates: the one flight read both ways).
 */

/** The flights read from a file, before their drones are resolved. */
export interface Extract {
  format: ImportFormat;
  confidence: number;
  totalFound: number;
  flights: FlightCandidate[];
  errors: ImportError[];
}

export interface ImportPlan extends Extract {
  resolutions: Map<string, Resolution>;
}

/** What an import waiting for an answer keeps. */
export type Kept = { kind: 'file' } | { kind: 'extract'; variants: Partial<Record<'read' | DateOrder, Extract>> };
export type Source = { kind: 'file'; bytes: Buffer } | { kind: 'extract'; variants: Partial<Record<'read' | DateOrder, Extract>> };

export type Analysis = { kind: 'question'; question: Question; answers: Answers; keep: Kept } | { kind: 'plan'; plan: ImportPlan; answers: Answers };

const SAMPLE_ROWS = 200;
/** A logbook's rows are held while its columns are worked out; past this many the file is refused, not the server's memory. */
export const IMPORT_MAX_LOGBOOK_ROWS = 100_000;

const refRead = z.object({ name: z.string().nullable(), serial: z.string().nullable(), model: z.string().nullable(), manufacturer: z.string().nullable(), identifier: z.string().nullable() });
const extractSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  confidence: z.number(),
  totalFound: z.number().int(),
  flights: z.array(
    z.object({
      line: z.number().int().nullable(),
      flightDate: z.string(),
      takeoffTime: z.string().nullable(),
      durationMinutes: z.number(),
      location: z.string().nullable(),
      flightType: z.enum(FLIGHT_TYPES).nullable(),
      conditions: z.string().nullable(),
      notes: z.string().nullable(),
      drone: refRead,
    }),
  ),
  errors: z.array(z.object({ line: z.number().int().nullable(), message: z.string() })),
});
/** A kept extract as read back from the session (our own JSON, checked all the same). */
export const keptExtractSchema = z.object({
  kind: z.literal('extract'),
  variants: z.object({ read: extractSchema.optional(), dmy: extractSchema.optional(), mdy: extractSchema.optional() }),
});

/** How the mapping was reached sets the confidence (doc 2 §3: the import response's confidence). */
function logbookConfidence(m: LogbookMapping): number {
  if (m.method === 'signature') return 1;
  if (m.method === 'llm') return 0.7;
  const base = m.answered > 0 ? 0.9 : 0.92;
  return Math.max(0.75, Math.round((base - 0.04 * m.partialMatches) * 100) / 100);
}

function telemetryExtract(acc: TelemetryAccumulator): Extract {
  const done = acc.finish();
  const flights = done.flight ? [done.flight] : [];
  return { format: acc.format, flights, errors: done.errors, totalFound: flights.length, confidence: acc.format === 'telemetry' ? 0.85 : 0.97 };
}

type Read =
  | { kind: 'question'; question: Question; answers: Answers }
  | { kind: 'extract'; extract: Extract; answers: Answers; ambiguous?: { example: string; variants: Record<DateOrder, Extract> } };

async function readFile(bytes: Buffer, answersIn: Answers, mapper: ColumnMapper | null): Promise<Read> {
  let answers = answersIn;
  const layout = sniffLayout(bytes);
  const sample: Row[] = [];
  const header = readRecords(bytes, layout, (fields, line) => sample.push({ fields, line }), SAMPLE_ROWS + 1);
  const columns = describeColumns(header);
  if (sample.length === 0) throw new AppError(400, 'IMPORT_EMPTY', 'The file has a header but no rows.');

  const telemetryFormat = detectTelemetryFormat(columns);
  if (telemetryFormat) {
    const acc = new TelemetryAccumulator(telemetryFormat, columns, layout.decimalComma, answers.dateOrder ?? null);
    readRecords(bytes, layout, (fields, line) => acc.add(fields, line));
    const needs = acc.needs();
    if (needs.dateOrder) {
      // Read once more both ways: the answer then picks one of two finished flights, and the 50 MB
      // file need not wait for it.
      const dmy = new TelemetryAccumulator(telemetryFormat, columns, layout.decimalComma, 'dmy');
      const mdy = new TelemetryAccumulator(telemetryFormat, columns, layout.decimalComma, 'mdy');
      readRecords(bytes, layout, (fields, line) => {
        dmy.add(fields, line);
        mdy.add(fields, line);
      });
      return { kind: 'extract', extract: telemetryExtract(acc), answers, ambiguous: { example: needs.dateOrder.example, variants: { dmy: telemetryExtract(dmy), mdy: telemetryExtract(mdy) } } };
    }
    return { kind: 'extract', extract: telemetryExtract(acc), answers };
  }

  const rows: Row[] = [];
  readRecords(bytes, layout, (fields, line) => {
    if (rows.length >= IMPORT_MAX_LOGBOOK_ROWS) {
      throw new AppError(413, 'IMPORT_TOO_MANY_ROWS', `The file has more than ${IMPORT_MAX_LOGBOOK_ROWS.toLocaleString('en-US')} flights. Split it into smaller files and import each.`);
    }
    rows.push({ fields, line });
  });
  let result = mapLogbook(columns, rows, answers, answers.llmMapping);
  if ('missing' in result && mapper && answers.llmMapping === undefined) {
    let proposal: Record<string, string> = {};
    try {
      proposal = await mapper.propose(header, rows.slice(0, 5).map((r) => r.fields));
    } catch {
      // A model that fails or answers nonsense leaves the rules and the pilot to decide.
    }
    answers = { ...answers, llmMapping: proposal };
    result = mapLogbook(columns, rows, answers, proposal);
  }
  if ('refused' in result) throw new AppError(422, 'IMPORT_NOT_A_FLIGHT_LOG', result.refused);
  if ('missing' in result) {
    const names = columns.map((c) => c.header).filter(Boolean);
    const question = result.missing === 'date' ? questions.dateColumn(names, true) : questions.durationColumn(names);
    return { kind: 'question', question, answers };
  }
  if ('question' in result) return { kind: 'question', question: result.question, answers };
  const read = readLogbookRows(rows, result.mapping, layout.decimalComma);
  return {
    kind: 'extract',
    answers,
    extract: {
      format: result.mapping.method === 'signature' ? 'drone-doctor' : 'logbook',
      flights: read.flights,
      errors: read.errors,
      totalFound: rows.length,
      confidence: logbookConfidence(result.mapping),
    },
  };
}

export async function analyse(source: Source, answersIn: Answers, drones: DroneRow[], mapper: ColumnMapper | null): Promise<Analysis> {
  let answers = answersIn;
  let extract: Extract;
  if (source.kind === 'file') {
    const read = await readFile(source.bytes, answers, mapper);
    answers = read.answers;
    if (read.kind === 'question') return { ...read, keep: { kind: 'file' } };
    if (read.ambiguous) return { kind: 'question', question: questions.dateOrder(read.ambiguous.example), answers, keep: { kind: 'extract', variants: read.ambiguous.variants } };
    extract = read.extract;
  } else {
    const chosen = (answers.dateOrder ? source.variants[answers.dateOrder] : undefined) ?? source.variants.read;
    if (!chosen) throw new AppError(404, 'IMPORT_SESSION_NOT_FOUND', 'This import has expired or was already finished. Please import the file again.');
    extract = chosen;
  }

  const resolved = resolveDrones(
    extract.flights.map((f) => f.drone),
    drones,
    answers,
    FORMAT_LABELS[extract.format],
  );
  if ('question' in resolved) return { kind: 'question', question: resolved.question, answers, keep: { kind: 'extract', variants: { read: extract } } };
  return { kind: 'plan', plan: { ...extract, resolutions: resolved.byKey }, answers };
}
