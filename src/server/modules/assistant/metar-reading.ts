import { parseMetar, type IMetar } from 'metar-taf-parser';
import type { AnswerSource } from '../../../shared/assistant.ts';
import { knots } from '../../providers/aviation-weather/decode.ts';

/**
 * Pilots paste a METAR and ask what it says for their flight ("KDEN 121853Z 27015G25KT 10SM FEW080 …
 * can someone translate"). The knowledge base explains the format with one example; a search finds
 * that section, not this report's wind and clouds. So a report in the question is decoded (the
 * forecast's own parser, metar-taf-parser) and read against the drone rules: Part 107's 3 statute
 * miles and 500 feet below clouds (14 CFR 107.51), the 400-foot limit, and the wind ratings of the
 * knowledge base's wind article.
 */

/** The weather minimums a report is read against: 3 statute miles, 500 ft below clouds. */
export const WEATHER_MINIMUMS_SOURCE: AnswerSource = {
  title: 'Part 107 operating limitations: visibility and distance from clouds',
  citation: '14 CFR 107.51(c) and (d)',
  url: 'https://www.ecfr.gov/current/title-14/chapter-I/subchapter-F/part-107/subpart-B/section-107.51',
};

// A station and its day-and-time group ("KSEA 121853Z") start a report.
const REPORT_START = /\b(?:METAR\s+|SPECI\s+)?([A-Z]{4})\s+(\d{6}Z)\b/i;
// Pure words a METAR holds; any other word ends the report ("… A3012 can someone translate").
const REPORT_WORDS = new Set(['AUTO', 'COR', 'CAVOK', 'NOSIG', 'SKC', 'CLR', 'NSC', 'NCD', 'BECMG', 'TEMPO']);
const WEATHER = /^[+-]?(VC)?(MI|PR|BC|DR|BL|SH|TS|FZ)?(DZ|RA|SN|SG|IC|PL|GR|GS|UP|BR|FG|FU|VA|DU|SA|HZ|PY|PO|SQ|FC|SS|DS)*$/;

/** The report's text as pasted: from its station to its last group, remarks left out. */
export function metarTextIn(question: string): string | null {
  const start = REPORT_START.exec(question);
  if (!start) return null;
  const groups: string[] = [];
  for (const raw of question.slice(start.index).replace(/^(METAR|SPECI)\s+/i, '').split(/\s+/)) {
    // A group closed by punctuation ends the report too ("… A3002, is that ok").
    const closed = /[,;:!?]$/.test(raw);
    const token = raw.replace(/[,;:!?]+$/, '').replace(/=$/, '').toUpperCase();
    if (!token || token === 'RMK') break;
    const word = /^[A-Z]+$/.test(token);
    const plausible = /^[A-Z0-9/+-]+$/.test(token) && (!word || REPORT_WORDS.has(token) || (token.length <= 8 && WEATHER.test(token)) || groups.length === 0);
    if (!plausible) break;
    groups.push(token);
    if (closed) break;
  }
  return groups.length >= 3 ? groups.join(' ') : null;
}

const MPH_PER_KNOT = 1.15078;
const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];
const COVER: Record<string, string> = { FEW: 'few clouds', SCT: 'scattered clouds', BKN: 'broken clouds', OVC: 'overcast', VV: 'sky obscured, vertical visibility' };
const PHENOMENA: Record<string, string> = {
  DZ: 'drizzle', RA: 'rain', SN: 'snow', SG: 'snow grains', IC: 'ice crystals', PL: 'ice pellets', GR: 'hail', GS: 'small hail',
  UP: 'unknown precipitation', BR: 'mist', FG: 'fog', FU: 'smoke', VA: 'volcanic ash', DU: 'dust', SA: 'sand', HZ: 'haze',
  PY: 'spray', PO: 'dust whirls', SQ: 'squalls', FC: 'funnel cloud', SS: 'sandstorm', DS: 'duststorm',
};
const INTENSITY: Record<string, string> = { '-': 'light ', '+': 'heavy ', VC: 'in the vicinity: ' };
const DESCRIPTIVE: Record<string, string> = { MI: 'shallow', PR: 'partial', BC: 'patches of', DR: 'drifting', BL: 'blowing', SH: 'showers of', TS: 'thunderstorm with', FZ: 'freezing' };

const feet = (n: number) => `${n.toLocaleString('en-US')} ft`;
const mph = (knots: number) => Math.round(knots * MPH_PER_KNOT);
const STATUTE_MILE_M = 1609.344;

/** The statute miles of the visibility, when it can be told ("P6SM" counts as 6, "9999" as 6.2). */
function visibilityMiles(m: IMetar): number | null {
  if (m.cavok) return 6.2;
  const v = m.visibility;
  if (!v) return null;
  return String(v.unit) === 'SM' ? v.value : v.value / STATUTE_MILE_M;
}

function windLine(m: IMetar): { line: string; gustMph: number | null; speedMph: number } | null {
  const w = m.wind;
  if (!w) return null;
  const speed = knots(w.speed, String(w.unit)) ?? 0;
  const gust = knots(w.gust, String(w.unit));
  if (speed === 0 && gust === null) return { line: 'Wind: calm.', gustMph: null, speedMph: 0 };
  const from = w.degrees === undefined ? 'variable direction' : `${String(w.degrees).padStart(3, '0')}° (${COMPASS[Math.round(w.degrees / 45) % 8] ?? ''})`;
  const varying = w.minVariation !== undefined && w.maxVariation !== undefined ? `, varying between ${w.minVariation}° and ${w.maxVariation}°` : '';
  const gusting = gust !== null ? `, gusting ${Math.round(gust)} knots (${mph(gust)} mph)` : '';
  return { line: `Wind: from ${from} at ${Math.round(speed)} knots (${mph(speed)} mph)${gusting}${varying}.`, gustMph: gust !== null ? mph(gust) : null, speedMph: mph(speed) };
}

function weatherLine(m: IMetar): string | null {
  const said = m.weatherConditions.map((w) => {
    const intensity = INTENSITY[String(w.intensity ?? '')] ?? '';
    const descriptive = w.descriptive !== undefined ? `${DESCRIPTIVE[String(w.descriptive)] ?? String(w.descriptive)} ` : '';
    const what = w.phenomenons.map((p) => PHENOMENA[String(p)] ?? String(p)).join(' and ');
    return `${intensity}${descriptive}${what}`.trim();
  });
  return said.length ? `Weather: ${said.join(', ')}.` : null;
}

const layerText = (c: { quantity: unknown; height?: number }) => `${COVER[String(c.quantity)] ?? String(c.quantity)}${c.height !== undefined ? ` at ${feet(c.height)}` : ''}`;

/** What the decoded report means for a drone flight, by the rules and ratings the knowledge base states. */
function forTheFlight(m: IMetar, wind: ReturnType<typeof windLine>, miles: number | null): string[] {
  const lines: string[] = [];
  if (miles !== null) {
    lines.push(
      miles >= 3
        ? `Visibility meets Part 107's minimum of 3 statute miles.`
        : `Visibility is under Part 107's minimum of 3 statute miles from the control station: no Part 107 flight.`,
    );
  }
  const heights = [...m.clouds.flatMap((c) => (c.height !== undefined ? [c.height] : [])), ...(m.verticalVisibility !== undefined ? [m.verticalVisibility] : [])];
  const lowest = heights.length ? Math.min(...heights) : null;
  if (lowest !== null) {
    const ceiling = lowest - 500;
    lines.push(
      ceiling >= 400
        ? `The lowest clouds are at ${feet(lowest)} above the airport, so the 400 ft limit, not the 500 ft clearance below clouds, is what caps your height.`
        : ceiling > 0
          ? `The lowest clouds are at ${feet(lowest)} above the airport: staying 500 ft below them means flying no higher than about ${feet(ceiling)}.`
          : `The lowest clouds are at ${feet(lowest)} above the airport, too low to stay 500 ft below them: no Part 107 flight.`,
    );
  } else if (m.cavok || m.clouds.some((c) => ['SKC', 'CLR', 'NSC', 'NCD'].includes(String(c.quantity)))) {
    lines.push('No cloud is reported low enough to limit a drone: the 400 ft limit applies.');
  }
  if (wind && (wind.speedMph > 0 || wind.gustMph !== null)) {
    const strongest = Math.max(wind.speedMph, wind.gustMph ?? 0);
    lines.push(
      strongest >= 24
        ? `At ${strongest} mph the wind reaches the Level 5 rating of DJI Mini drones and the Avata 2 (24 mph): stay on the ground with one; a drone rated 12 m/s (about 27 mph) has little margin either.`
        : wind.speedMph > 16 || (wind.gustMph ?? 0) > 16
          ? `At ${strongest} mph the wind is above two thirds of a Level 5 rating (about 16 mph): a small drone will struggle, so fly upwind first and keep it close.`
          : `The wind is within two thirds of a typical Level 5 rating (about 16 mph); remember it is usually stronger at 400 ft than on the ground.`,
    );
  }
  if (m.temperature !== undefined && m.temperature <= 5) lines.push(`At ${m.temperature} °C, warm the batteries before take-off and expect shorter flights.`);
  if (m.temperature !== undefined && m.dewPoint !== undefined && m.temperature - m.dewPoint <= 2) lines.push('Temperature and dewpoint are within 2 °C: fog or low cloud can form quickly.');
  return lines;
}

/** The pasted report decoded line by line and read for a drone flight; null when the question holds none or it does not decode. */
export function metarReading(question: string): string | null {
  const text = metarTextIn(question);
  if (!text) return null;
  let m: IMetar;
  try {
    m = parseMetar(text);
  } catch {
    return null;
  }
  const wind = windLine(m);
  if (!wind && !m.visibility && !m.clouds.length) return null;
  const when = m.day !== undefined && m.hour !== undefined ? `, observed on day ${m.day} of the month at ${String(m.hour).padStart(2, '0')}:${String(m.minute ?? 0).padStart(2, '0')} UTC (Zulu)` : '';
  const miles = visibilityMiles(m);
  const visibility = m.cavok
    ? 'Visibility: 10 km or more, no cloud below 5,000 ft and no significant weather (CAVOK).'
    : m.visibility
      ? `Visibility: ${String(m.visibility.unit) === 'SM' ? `${String(m.visibility.indicator ?? '') === 'P' ? 'more than ' : ''}${m.visibility.value} statute miles` : `${m.visibility.value >= 9999 ? '10 km or more' : `${m.visibility.value} m`}${miles !== null ? ` (about ${miles.toFixed(1)} statute miles)` : ''}`}.`
      : null;
  const ceiling = m.clouds.find((c) => ['BKN', 'OVC', 'VV'].includes(String(c.quantity)) && c.height !== undefined);
  const clouds = m.clouds.length
    ? `Clouds: ${m.clouds.map(layerText).join(', ')} above the airport${ceiling?.height !== undefined ? `; the ceiling (lowest broken or overcast layer) is ${feet(ceiling.height)}` : ''}.`
    : m.verticalVisibility !== undefined
      ? `Sky obscured: vertical visibility ${feet(m.verticalVisibility)}, which counts as the ceiling.`
      : null;
  const temperature = m.temperature !== undefined ? `Temperature ${m.temperature} °C${m.dewPoint !== undefined ? `, dewpoint ${m.dewPoint} °C` : ''}.` : null;
  const altimeter = m.altimeter ? `Altimeter setting: ${m.altimeter.value} ${String(m.altimeter.unit) === 'inHg' ? 'inches of mercury' : 'hPa'}.` : null;
  const decoded = [wind?.line ?? null, visibility, weatherLine(m), clouds, temperature, altimeter].filter((l): l is string => l !== null);
  return [
    `Decoded METAR for ${m.station}${when}:`,
    decoded.map((l) => `- ${l}`).join('\n'),
    'For a drone flight:',
    forTheFlight(m, wind, miles).map((l) => `- ${l}`).join('\n'),
  ].join('\n\n');
}
