import { generateText } from 'ai';
import { chatModelFor, type LlmConfig } from './chat-model.ts';

export interface Passage {
  title: string;
  text: string;
  citation: string;
}

export interface GroundedAnswerer {
  readonly model: string;
  /** Throws on a failure or when the time limit passes; the caller falls back to the embedded answer. */
  answer(input: { question: string; passages: Passage[]; previousQuestions: string[]; drone: string | null }): Promise<string>;
}

const SYSTEM = [
  'You are Drone Doctor, an assistant for drone pilots in the United States.',
  'Answer ONLY from the numbered passages you are given. If they do not answer the question, say so in one sentence.',
  'Start with the direct answer (the rule, the number or the action), then explain how, in at most 150 words.',
  'Do not list sources: they are added after your answer. Do not invent regulations, numbers or procedures.',
].join(' ');

/** Any OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp) through the `ai` SDK. */
export function createGroundedAnswerer(settings: LlmConfig): GroundedAnswerer {
  const model = chatModelFor(settings);
  return {
    model: settings.model,
    async answer({ question, passages, previousQuestions, drone }) {
      const context = passages.map((p, i) => `[${i + 1}] ${p.title} (${p.citation})\n${p.text}`).join('\n\n');
      const history = previousQuestions.length ? `Earlier questions in this conversation: ${previousQuestions.join(' | ')}\n` : '';
      const pilot = drone ? `The pilot flies a ${drone}.\n` : '';
      const result = await generateText({
        model,
        system: SYSTEM,
        prompt: `${pilot}${history}Passages:\n${context}\n\nQuestion: ${question}`,
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(settings.timeoutMs),
      });
      const text = result.text.trim();
      if (!text) throw new Error('the model returned an empty answer');
      return text;
    },
  };
}
