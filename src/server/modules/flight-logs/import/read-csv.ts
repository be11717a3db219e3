import { parse, CsvError } from 'csv-parse/sync';
import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { AppError } from '../../../errors.ts';

/**
 * From the request's bytes to CSV records: the encoding (UTF-8, or Windows-1252 as DJI converters
 * write), an Excel `sep=` first line, the delimiter (`,` `;` tab `|`), and whether numbers use decimal
 * commas. Records are handed over one at a time so a 100,000-row log never sits in memory as arrays.
 */

/**
 * The file as UTF-8 bytes, never as one JavaScript string: a 50 MB log stays one 50 MB buffer (a
 * string of it would be a second copy, twice as large when it holds any non-Latin-1 character), and
 * csv-parse reads the buffer directly. Valid UTF-8 is the buffer itself; UTF-16 and Windows-1252 are
 * converted (a transient copy, only for those rarer files).
 */
export function decodeCsv(bytes: Buffer): Buffer {
  let out: Buffer;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) out = bytes.subarray(3);
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) out = Buffer.from(iconv.decode(bytes.subarray(2), 'utf16le'), 'utf8');
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) out = Buffer.from(iconv.decode(bytes.subarray(2), 'utf16be'), 'utf8');
  // Not valid UTF-8: the Windows code page DJI log converters and Excel on Windows write.
  else out = isUtf8(bytes) ? bytes : Buffer.from(iconv.decode(bytes, 'win1252'), 'utf8');
  // PostgreSQL text cannot hold NUL, and no CSV cell means one.
  return out.includes(0) ? Buffer.from(out.filter((b) => b !== 0)) : out;
}

/** The first bytes as text, enough to find the header, the delimiter and the number style. */
const PREFIX_BYTES = 1024 * 1024;

export interface CsvLayout {
  delimiter: string;
  /** Byte offset where the header line starts (after a `sep=` line and blank lines). */
  start: number;
  /** 1-based line number of the header in the file. */
  headerLine: number;
  decimalComma: boolean;
}

const DELIMITERS = [',', ';', '\t', '|'];

function countOutsideQuotes(line: string, ch: string) {
  let n = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === ch && !quoted) n++;
  }
  return n;
}

export function sniffLayout(bytes: Buffer): CsvLayout {
  // A multi-byte character cut at the end of the prefix decodes as U+FFFD; only the start matters.
  const text = bytes.subarray(0, PREFIX_BYTES).toString('utf8');
  let start = 0;
  let line = 1;
  let forced: string | null = null;
  for (;;) {
    const end = text.indexOf('\n', start);
    const current = (end === -1 ? text.slice(start) : text.slice(start, end)).replace(/\r$/, '');
    const sep = /^"?sep=(.)"?\s*$/i.exec(current);
    if (sep) forced = sep[1]!;
    else if (current.trim() !== '' && !/^[,;\t|]+$/.test(current.trim())) break;
    if (end === -1) throw new AppError(400, 'IMPORT_EMPTY', 'The file is empty.');
    start = end + 1;
    line++;
  }
  const firstEnd = text.indexOf('\n', start);
  const header = (firstEnd === -1 ? text.slice(start) : text.slice(start, firstEnd)).replace(/\r$/, '');
  const delimiter = forced ?? DELIMITERS.map((d) => [d, countOutsideQuotes(header, d)] as const).sort((a, b) => b[1] - a[1])[0]![0];
  // Decimal commas go with a delimiter that is not the comma; look at a few data lines to be sure.
  let decimalComma = false;
  if (delimiter !== ',') {
    const sample = text.slice(start, start + 20_000).split('\n').slice(1, 30).join('\n');
    decimalComma = new RegExp(`(^|[${delimiter === '\t' ? '\\t' : delimiter}])-?\\d+,\\d+([${delimiter === '\t' ? '\\t' : delimiter}]|\\r?$)`, 'm').test(sample);
  }
  return { delimiter, start: Buffer.byteLength(text.slice(0, start), 'utf8'), headerLine: line, decimalComma };
}

export type RecordVisitor = (fields: string[], line: number) => void;

/**
 * Calls `visit` with each record after the header (its first line's number in the file); returns the
 * header. `toLine` stops early (a sample for recognising the file).
 */
export function readRecords(bytes: Buffer, layout: CsvLayout, visit: RecordVisitor | null, toLine?: number): string[] {
  let header: string[] | null = null;
  const lineOffset = layout.headerLine - 1;
  try {
    parse(layout.start === 0 ? bytes : bytes.subarray(layout.start), {
      delimiter: layout.delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      bom: true,
      ...(toLine ? { to_line: toLine } : {}),
      on_record: (record: string[], context) => {
        if (header === null) header = record;
        else visit?.(record, lineOffset + context.lines);
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) {
      const where = 'lines' in error && typeof error.lines === 'number' ? ` (line ${lineOffset + error.lines})` : '';
      throw new AppError(400, 'IMPORT_UNREADABLE', `The file could not be read as CSV${where}: ${error.message.replace(/^.*?:\s*/, '')}`);
    }
    throw error;
  }
  if (header === null) throw new AppError(400, 'IMPORT_EMPTY', 'The file is empty.');
  return header;
}
