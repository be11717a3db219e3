import { z } from 'zod';
import { compactName } from '../../../../shared/manufacturers.ts';
import type { DurationUnit } from './values.ts';

/**
 * The one question an import may pause on, and how the pilot's free-text answer is read. Each kind
 * has its own reader; an answer it cannot read asks again, saying why.
 */

export const answersSchema = z.object({
  dateOrder: z.enum(['dmy', 'mdy']).optional(),
  dateColumn: z.string().max(300).optional(),
  durationColumn: z.string().max(300).optional(),
  durationUnit: z.enum(['ms', 's', 'min', 'h']).optional(),
  unknownDrones: z.union([z.object({ kind: z.literal('create') }), z.object({ kind: z.literal('drone'), droneId: z.number().int() })]).optional(),
  whichDrone: z
    .union([z.object({ kind: z.literal('drone'), droneId: z.number().int() }), z.object({ kind: z.literal('describe'), text: z.string().max(200) })])
    .optional(),
  /** A column mapping a language model proposed and the rules accepted (kept so it is asked once). */
  llmMapping: z.record(z.string().max(40), z.string().max(300)).optional(),
});
export type Answers = z.infer<typeof answersSchema>;

/** A file the import cannot use is refused at once, saying what was expected (issue 16), never asked about. */
export const NOT_A_FLIGHT_LOG = 'This file has no date or time column: it does not look like a flight log. We read AirData, DJI, Litchi and logbook CSV files.';

export const QUESTION_KINDS = ['dateOrder', 'dateColumn', 'durationColumn', 'durationUnit', 'unknownDrones', 'whichDrone'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const questionSchema = z.object({
  kind: z.enum(QUESTION_KINDS),
  question: z.string(),
  options: z.array(z.string()),
  /** Columns a column question chooses between. */
  columns: z.array(z.string()).optional(),
  /** Already asked again after an unreadable answer: a second one ends the import (issue 16: never the same question twice). */
  retry: z.boolean().optional(),
});
export type Question = z.infer<typeof questionSchema>;

export interface DroneChoice {
  id: number;
  names: string[];
  label: string;
}

const list = (items: string[]) => items.map((s) => `'${s}'`).join(items.length === 2 ? ' and ' : ', ');

export const questions = {
  dateOrder: (example: string): Question => ({
    kind: 'dateOrder',
    question: `Dates in this file such as '${example}' can be read two ways. Are they day/month/year or month/day/year?`,
    options: ['Day/Month/Year', 'Month/Day/Year'],
  }),
  dateColumn: (columns: string[], none: boolean, why = ''): Question => ({
    kind: 'dateColumn',
    question: (why ? `${why} ` : '') + (none
      ? `I could not tell which column holds the flight date. Which one is it? The columns are ${list(columns.slice(0, 12))}.`
      : columns.length === 1
        ? `Is '${columns[0]}' the date of the flight? Answer with its name to use it.`
        : `${columns.length === 2 ? 'Two' : 'These'} columns could hold the flight date: ${list(columns)}. Which one is the date of the flight?`),
    options: columns.slice(0, 12),
    columns,
  }),
  durationColumn: (columns: string[]): Question => ({
    kind: 'durationColumn',
    question: `I could not tell which column holds each flight's duration. Which one is it? The columns are ${list(columns.slice(0, 12))}.`,
    options: columns.slice(0, 12),
    columns,
  }),
  durationUnit: (column: string, example: string): Question => ({
    kind: 'durationUnit',
    question: `The column '${column}' gives durations without a unit (for example '${example}'). Are they minutes, seconds or hours?`,
    options: ['Minutes', 'Seconds', 'Hours'],
  }),
  unknownDrones: (names: string[], drones: DroneChoice[]): Question => ({
    kind: 'unknownDrones',
    question:
      `The file names ${names.length === 1 ? 'a drone' : `${names.length} drones`} not in your list: ${list(names.slice(0, 8))}${names.length > 8 ? ' and more' : ''}. ` +
      (drones.length > 0 ? `Should I add ${names.length === 1 ? 'it as a new drone' : 'them as new drones'}, or were these flights made with one of your drones (answer with its name)?` : `Should I add ${names.length === 1 ? 'it as a new drone' : 'them as new drones'}?`),
    options: ['Add as new drones', ...drones.slice(0, 5).map((d) => d.label)],
  }),
  whichDrone: (formatLabel: string, drones: DroneChoice[]): Question => ({
    kind: 'whichDrone',
    question: `This ${formatLabel} does not say which drone flew it. Which of your drones was it? To add a new one, answer with its make and model (for example 'DJI Mavic 3').`,
    options: drones.slice(0, 6).map((d) => d.label),
  }),
};

export type AnswerReading = { ok: true; answers: Answers } | { ok: false; question: Question } | { ok: false; ended: string };

/** What an answer to each kind of question should say, for the message that ends an import. */
function expected(q: Question): string {
  switch (q.kind) {
    case 'dateOrder':
      return 'Expected Day/Month/Year or Month/Day/Year.';
    case 'dateColumn':
    case 'durationColumn':
      return `Expected one of the columns: ${(q.columns ?? q.options).map((c) => `'${c}'`).join(', ')}.`;
    case 'durationUnit':
      return 'Expected minutes, seconds or hours.';
    case 'unknownDrones':
    case 'whichDrone':
      return `Expected one of: ${q.options.map((o) => `'${o}'`).join(', ')}.`;
  }
}

/**
 * An unreadable answer: the first gets the question again prefixed with why (so never the same text);
 * a second ends the import with what was expected, rather than asking the same thing a third time.
 */
const again = (q: Question, why: string): AnswerReading =>
  q.retry
    ? { ok: false, ended: `${why} ${expected(q)} The import was stopped: please import the file again.` }
    : { ok: false, question: { ...q, question: `${why} ${q.question}`, retry: true } };

function readColumn(answer: string, columns: string[]): string | null {
  const a = answer.trim().replace(/^['"]|['"]$/g, '');
  const byNumber = /^\d+$/.test(a) ? columns[Number(a) - 1] : undefined;
  if (byNumber) return byNumber;
  const exact = columns.find((c) => c.toLowerCase() === a.toLowerCase()) ?? columns.find((c) => compactName(c) === compactName(a));
  if (exact) return exact;
  const containing = columns.filter((c) => compactName(a).length > 0 && (compactName(c).includes(compactName(a)) || compactName(a).includes(compactName(c))));
  return containing.length === 1 ? containing[0]! : null;
}

/** A drone of the pilot's named in an answer: by name, make and model, serial or identifier. */
export function findDroneInAnswer(answer: string, drones: DroneChoice[]): DroneChoice | null {
  const a = compactName(answer);
  if (!a) return null;
  const exact = drones.filter((d) => d.names.some((n) => compactName(n) === a));
  if (exact.length === 1) return exact[0]!;
  const partial = drones.filter((d) => d.names.some((n) => compactName(n).length >= 3 && (a.includes(compactName(n)) || compactName(n).includes(a))));
  return partial.length === 1 ? partial[0]! : null;
}

/** Reads the pilot's answer to `q` into the answers so far. */
export function readAnswer(q: Question, answer: string, answers: Answers, drones: DroneChoice[]): AnswerReading {
  const a = answer.trim().toLowerCase();
  switch (q.kind) {
    case 'dateOrder': {
      const dayFirst = /^(d|dd|day)\b|day\s*[/.\- ]\s*month|dd\s*[/.-]\s*mm|\bdmy\b|europe|british|\buk\b|\bday first/.test(a);
      const monthFirst = /^(m|mm|month)\b|month\s*[/.\- ]\s*day|mm\s*[/.-]\s*dd|\bmdy\b|\bus\b|america|\bmonth first/.test(a);
      if (dayFirst === monthFirst) return again(q, `I could not read '${answer.trim()}' as a date order.`);
      return { ok: true, answers: { ...answers, dateOrder: dayFirst ? 'dmy' : 'mdy' } };
    }
    case 'dateColumn':
    case 'durationColumn': {
      const column = readColumn(answer, q.columns ?? q.options);
      if (!column) return again(q, `There is no column '${answer.trim()}'.`);
      return { ok: true, answers: { ...answers, [q.kind]: column } };
    }
    case 'durationUnit': {
      const unit: DurationUnit | null = /^(m|min|mins|minute|minutes)\b/.test(a)
        ? 'min'
        : /^(s|sec|secs|second|seconds)\b/.test(a)
          ? 's'
          : /^(h|hr|hrs|hour|hours)\b/.test(a)
            ? 'h'
            : /^(ms|milli)/.test(a)
              ? 'ms'
              : null;
      if (!unit) return again(q, `I could not read '${answer.trim()}' as minutes, seconds or hours.`);
      return { ok: true, answers: { ...answers, durationUnit: unit } };
    }
    case 'unknownDrones': {
      if (/^(add|create|new|yes)\b|as new|new drones?/.test(a)) return { ok: true, answers: { ...answers, unknownDrones: { kind: 'create' } } };
      const drone = findDroneInAnswer(answer, drones);
      if (!drone) return again(q, `None of your drones is called '${answer.trim()}'.`);
      return { ok: true, answers: { ...answers, unknownDrones: { kind: 'drone', droneId: drone.id } } };
    }
    case 'whichDrone': {
      const drone = findDroneInAnswer(answer, drones);
      if (drone) return { ok: true, answers: { ...answers, whichDrone: { kind: 'drone', droneId: drone.id } } };
      if (compactName(answer).length < 2) return again(q, `I could not read '${answer.trim()}' as a drone.`);
      return { ok: true, answers: { ...answers, whichDrone: { kind: 'describe', text: answer.trim().slice(0, 200) } } };
    }
  }
}
