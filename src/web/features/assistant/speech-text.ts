import { TTS_TEXT_MAX } from '../../../shared/assistant.ts';

/** Markdown marks and the trailing source list read badly aloud; the sources stay on screen. */
function plain(answer: string): string {
  const withoutSources = answer.split(/\n\s*(?:#+\s*)?\**Sources?\**:/i)[0] ?? answer;
  return withoutSources
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(?:#+|[-*•]|\d+[.)])\s+/gm, '')
    .replace(/[*_`#>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What POST /api/text-to-speech receives for an answer: at most TTS_TEXT_MAX characters, cut after the
 * last whole sentence that fits (at a word when no sentence ends in range).
 */
export function speechText(answer: string, max = TTS_TEXT_MAX): string {
  const text = plain(answer);
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  let cut = -1;
  for (const match of head.matchAll(/[.!?](?=\s|$)/g)) cut = match.index + 1;
  if (cut > 0) return head.slice(0, cut).trim();
  const space = head.lastIndexOf(' ');
  return (space > 0 ? head.slice(0, space) : head).trim();
}
