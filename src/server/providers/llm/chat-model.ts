import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { Config } from '../../config.ts';

export type LlmConfig = NonNullable<Config['llm']>;

/** The configured OpenAI-compatible chat model (OpenAI, Ollama, vLLM, llama.cpp), for the `ai` SDK. */
export function chatModelFor(config: Pick<LlmConfig, 'baseUrl' | 'apiKey' | 'model'>) {
  const provider = createOpenAICompatible({ name: 'llm', baseURL: config.baseUrl, ...(config.apiKey ? { apiKey: config.apiKey } : {}) });
  return provider.chatModel(config.model);
}
