import { generateText } from 'ai';
import { chatModelFor, type LlmConfig } from '../../../providers/llm/chat-model.ts';
import { z } from 'zod';
import { LOGBOOK_FIELDS } from './columns.ts';

/**
 * With LLM_* configured, a model may propose which column holds what, for headers the rules do not
 * know. It only proposes: the rules check every proposed column against its values before using it,
 * and a mapping reached this way reports a lower confidence.
 */
export interface ColumnMapper {
  propose(headers: string[], sampleRows: string[][]): Promise<Record<string, string>>;
}

const TIMEOUT_MS = 20_000;

const INSTRUCTIONS = [
  'You map the columns of a drone pilot’s flight logbook CSV to fields.',
  `Fields: ${LOGBOOK_FIELDS.join(', ')}. date is the flight date; duration is how long the flight lasted; drone names the aircraft.`,
  'Answer with one JSON object and nothing else, mapping each field you can find to the exact header text, e.g. {"date": "Flown on", "duration": "Air time"}. Leave out fields you cannot find.',
].join(' ');

const answerSchema = z.record(z.string().max(40), z.string().max(300));

function jsonBlock(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end <= start) throw new Error('the model did not answer with JSON');
  return JSON.parse(text.slice(start, end + 1)) as unknown;
}

export function createLlmColumnMapper(config: Pick<LlmConfig, 'baseUrl' | 'apiKey' | 'model'>): ColumnMapper {
  const model = chatModelFor(config);
  return {
    async propose(headers, sampleRows) {
      const table = [headers, ...sampleRows.slice(0, 5)].map((r) => r.map((c) => c.slice(0, 60)).join(' | ')).join('\n');
      const result = await generateText({
        model,
        system: INSTRUCTIONS,
        prompt: `Headers and the first rows:\n${table}`,
        maxRetries: 1,
        abortSignal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const parsed = answerSchema.parse(jsonBlock(result.text));
      // Only real headers and known fields survive.
      return Object.fromEntries(Object.entries(parsed).filter(([field, header]) => (LOGBOOK_FIELDS as readonly string[]).includes(field) && headers.includes(header)));
    },
  };
}
