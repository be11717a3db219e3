import { AppError } from '../../../errors.ts';
import type { ImportError, ImportFormat } from '../../../../shared/flight-logs/contract.ts';
import type { DroneRow } from '../../drones/repo.ts';
import { describeColumns } from './columns.ts';
import { type Resolution, resolveDrones } from './drone-resolve.ts';
import type { ColumnMapper } from './llm-mapper.ts';
import { type LogbookMapping, mapLogbook, readLogbookRows, type Row } from './logbook.ts';
import { type Answers, type Question, questions } from './questions.ts';
import { readRecords, sniffLayout } from './read-csv.ts';
import { detectTelemetryFormat, FORMAT_LABELS, TelemetryAccumulator } from './telemetry.ts';
import type { FlightCandidate } from './types.ts';

/**
 * From the file's text and the answers given so far to either the next question or a plan: the
 * flights found, the rows that could not be read, and the drone each flight belongs to. Runs again
 * after every answer (the file is kept, not the half-done work), so any app process can continue.
 */

export interface ImportPlan {
  format: ImportFormat;
  confidence: number;
  totalFound: number;
  flights: FlightCandidate[];
  errors: ImportError[];
  resolutions: Map<string, Resolution>;
}

export type Analysis = { kind: 'question'; question: Question; answers: Answers } | { kind: 'plan'; plan: ImportPlan; answers: Answers };

const SAMPLE_ROWS = 200;

/** How the mapping was reached sets the confidence (doc 2 §3: the import response's confidence). */
function logbookConfidence(m: LogbookMapping): number {
  if (m.method === 'signature') return 1;
  if (m.method === 'llm') return 0.7;
  const base = m.answered > 0 ? 0.9 : 0.92;
  return Math.max(0.75, Math.round((base - 0.04 * m.partialMatches) * 100) / 100);
}

export async function analyse(text: string, answersIn: Answers, drones: DroneRow[], mapper: ColumnMapper | null): Promise<Analysis> {
  let answers = answersIn;
  const layout = sniffLayout(text);
  const sample: Row[] = [];
  const header = readRecords(text, layout, (fields, line) => sample.push({ fields, line }), SAMPLE_ROWS + 1);
  const columns = describeColumns(header);
  if (sample.length === 0) throw new AppError(400, 'IMPORT_EMPTY', 'The file has a header but no rows.');

  const telemetryFormat = detectTelemetryFormat(columns);
  let format: ImportFormat;
  let flights: FlightCandidate[];
  let errors: ImportError[];
  let confidence: number;
  let totalFound: number;

  if (telemetryFormat) {
    const acc = new TelemetryAccumulator(telemetryFormat, columns, layout.decimalComma, answers.dateOrder ?? null);
    readRecords(text, layout, (fields, line) => acc.add(fields, line));
    const needs = acc.needs();
    if (needs.dateOrder) return { kind: 'question', question: questions.dateOrder(needs.dateOrder.example), answers };
    const done = acc.finish();
    format = telemetryFormat;
    flights = done.flight ? [done.flight] : [];
    errors = done.errors;
    totalFound = flights.length;
    confidence = telemetryFormat === 'telemetry' ? 0.85 : 0.97;
  } else {
    const rows: Row[] = [];
    readRecords(text, layout, (fields, line) => rows.push({ fields, line }));
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
    if ('missing' in result) {
      const names = columns.map((c) => c.header).filter(Boolean);
      const question = result.missing === 'date' ? questions.dateColumn(names, true) : questions.durationColumn(names);
      return { kind: 'question', question, answers };
    }
    if ('question' in result) return { kind: 'question', question: result.question, answers };
    const read = readLogbookRows(rows, result.mapping, layout.decimalComma);
    format = result.mapping.method === 'signature' ? 'drone-doctor' : 'logbook';
    flights = read.flights;
    errors = read.errors;
    totalFound = rows.length;
    confidence = logbookConfidence(result.mapping);
  }

  const resolved = resolveDrones(
    flights.map((f) => f.drone),
    drones,
    answers,
    FORMAT_LABELS[format],
  );
  if ('question' in resolved) return { kind: 'question', question: resolved.question, answers };
  return { kind: 'plan', plan: { format, confidence, totalFound, flights, errors, resolutions: resolved.byKey }, answers };
}
