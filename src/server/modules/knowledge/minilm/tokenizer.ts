import { readFileSync } from 'node:fs';

/**
 * BERT uncased WordPiece, as the model's tokenizer.json describes it (BertNormalizer with lowercase and
 * accent stripping, BertPreTokenizer, WordPiece with "##" continuations, [CLS] … [SEP]). Written out
 * here rather than taken from a tokenizer library: the rules are short, and the ids must match what the
 * model was trained on, which tokenizer.test.ts checks on awkward text.
 */

interface TokenizerJson {
  model: { vocab: Record<string, number>; unk_token: string; continuing_subword_prefix: string; max_input_chars_per_word: number };
}

export interface WordPiece {
  /** [CLS] ids… [SEP], at most maxTokens ids in all. */
  encode(text: string, maxTokens: number): Int32Array;
}

// Rust's char::is_other (Unicode C*), which the Hugging Face normaliser drops (tab, newline and carriage
// return excepted: they count as whitespace).
const CONTROL = /\p{C}/u;
const WHITESPACE = /[\t\n\r\p{White_Space}]/u;
// ASCII punctuation (which includes symbols such as $ + < = > ^ ` | ~) and every Unicode punctuation mark.
const PUNCTUATION = /[!-/:-@[-`{-~\p{P}]/u;
const MARK = /\p{Mn}/u;

/** The CJK ideograph blocks BERT puts spaces around, so each ideograph is a word of its own. */
function isChinese(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x20000 && cp <= 0x2a6df) ||
    (cp >= 0x2a700 && cp <= 0x2b73f) ||
    (cp >= 0x2b740 && cp <= 0x2b81f) ||
    (cp >= 0x2b820 && cp <= 0x2ceaf) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x2f800 && cp <= 0x2fa1f)
  );
}

/** BertNormalizer: clean text, space out CJK, strip accents (NFD, drop nonspacing marks), lowercase. */
export function normalize(text: string): string {
  let cleaned = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp === 0 || cp === 0xfffd) continue;
    // Tab, newline and carriage return are spaces; other control characters (even \x85 or \f, which
    // are whitespace too) are dropped, in that order, as the Rust normaliser does.
    if (cp === 9 || cp === 10 || cp === 13) cleaned += ' ';
    else if (CONTROL.test(ch)) continue;
    else if (WHITESPACE.test(ch)) cleaned += ' ';
    else if (isChinese(cp)) cleaned += ` ${ch} `;
    else cleaned += ch;
  }
  let stripped = '';
  for (const ch of cleaned.normalize('NFD')) if (!MARK.test(ch)) stripped += ch;
  return stripped.toLowerCase();
}

/** BertPreTokenizer: split on whitespace, and every punctuation character is a word of its own. */
export function preTokenize(normalized: string): string[] {
  const words: string[] = [];
  let word = '';
  for (const ch of normalized) {
    if (WHITESPACE.test(ch)) {
      if (word) words.push(word);
      word = '';
    } else if (PUNCTUATION.test(ch)) {
      if (word) words.push(word);
      words.push(ch);
      word = '';
    } else word += ch;
  }
  if (word) words.push(word);
  return words;
}

export function loadWordPiece(tokenizerPath: string): WordPiece {
  const json = JSON.parse(readFileSync(tokenizerPath, 'utf8')) as TokenizerJson;
  const vocab = new Map(Object.entries(json.model.vocab));
  const prefix = json.model.continuing_subword_prefix;
  const maxChars = json.model.max_input_chars_per_word;
  const id = (token: string): number => {
    const v = vocab.get(token);
    if (v === undefined) throw new Error(`tokenizer.json has no ${token}`);
    return v;
  };
  const unk = id(json.model.unk_token);
  const cls = id('[CLS]');
  const sep = id('[SEP]');

  /** Greedy longest match from the left; a word with any piece outside the vocabulary is one [UNK]. */
  const pieces = (word: string, out: number[]) => {
    const chars = Array.from(word);
    if (chars.length > maxChars) {
      out.push(unk);
      return;
    }
    const found: number[] = [];
    let start = 0;
    while (start < chars.length) {
      let end = chars.length;
      let match = -1;
      while (end > start) {
        const piece = (start > 0 ? prefix : '') + chars.slice(start, end).join('');
        const v = vocab.get(piece);
        if (v !== undefined) {
          match = v;
          break;
        }
        end--;
      }
      if (match < 0) {
        out.push(unk);
        return;
      }
      found.push(match);
      start = end;
    }
    out.push(...found);
  };

  return {
    encode(text, maxTokens) {
      const ids = [cls];
      const limit = maxTokens - 1;
      for (const word of preTokenize(normalize(text))) {
        pieces(word, ids);
        if (ids.length >= limit) break;
      }
      if (ids.length > limit) ids.length = limit;
      ids.push(sep);
      return Int32Array.from(ids);
    },
  };
}
