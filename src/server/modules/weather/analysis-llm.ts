import { chatModelFor, type LlmConfig } from '../../providers/llm/chat-model.ts';
import { generateText } from 'ai';
import { z } from 'zod';
import type { AiFlightAnalysisResponse } from '../../../shared/weather/contract.ts';

/**
 * With LLM_* configured, the model writes the analysis's words from the same factors the rules
 * computed. The risk level and confidence stay the rules' own: a model may phrase the advice, it may not
 * talk a HIGH risk down. Its answer is read as JSON and bounded; anything else is a failure, and the
 * caller falls back to the rule-based text.
 */
const TIMEOUT_MS = 20_000;

const answerSchema = z.object({
  summary: z.string().min(20).max(2000),
  recommendation: z.string().min(10).max(2000),
});

const INSTRUCTIONS = [
  'You are a drone flight-safety assistant. You write a short pre-flight weather analysis for a drone pilot.',
  'Use only the facts given. Do not invent numbers. Write every number exactly as the factor details and the rule-based summary write it, in their units; do not convert units. Keep the risk level you are given; never describe conditions as safer than it says.',
  'Name the factor that limits the flight, say when conditions improve if a fly window is given, and say what to watch.',
  'Answer with one JSON object and nothing else: {"summary": "2-4 sentences", "recommendation": "1-3 sentences"}.',
].join(' ');

/** The first {...} block of the model's text, for models that wrap JSON in prose or code fences. */
function jsonBlock(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end <= start) throw new Error('the model did not answer with JSON');
  return JSON.parse(text.slice(start, end + 1)) as unknown;
}

export function createLlmAnalyst(config: Pick<LlmConfig, 'baseUrl' | 'apiKey' | 'model'>) {
  const model = chatModelFor(config);

  return {
    async write(rules: AiFlightAnalysisResponse): Promise<AiFlightAnalysisResponse> {
      const facts = {
        riskLevel: rules.riskLevel,
        factors: rules.factors.map((f) => ({ factor: f.factor, severity: `${f.severity} of 3`, detail: f.detail })),
        flyWindow: rules.flyWindow,
        pilot: rules.pilot,
        ruleBasedSummary: rules.summary,
        ruleBasedRecommendation: rules.recommendation,
      };
      const result = await generateText({
        model,
        system: INSTRUCTIONS,
        prompt: `Flight facts (numbers in the pilot's units, as written in the details):\n${JSON.stringify(facts, null, 2)}`,
        maxRetries: 1,
        abortSignal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer = answerSchema.parse(jsonBlock(result.text));
      // One verdict (issue 16, ADR 0056): the verdict of now the rules put first stays first, whatever the model wrote.
      const verdict = /^Flying now is not advised: [^.]*\./.exec(rules.summary)?.[0];
      const summary = answer.summary.trim();
      return {
        ...rules,
        summary: verdict && !summary.startsWith(verdict) ? `${verdict} ${summary}` : summary,
        recommendation: answer.recommendation.trim(),
        generatedBy: 'llm',
      };
    },
  };
}

export type LlmAnalyst = ReturnType<typeof createLlmAnalyst>;
