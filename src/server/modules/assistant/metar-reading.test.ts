import { describe, expect, it } from 'vitest';
import { metarReading, metarTextIn } from './metar-reading.ts';

// Reports as the Aviation Weather Center served them (../shared/fixtures/weather), and two written to the format.
const JAX = 'METAR KJAX 211856Z 17011G19KT 10SM SCT050 BKN250 34/23 A2995 RMK AO2 SLP142 T03440228 $';
const FOG = 'KJFK 291051Z 00000KT 1/2SM FG VV002 M02/M02 A3001 RMK AO2';
const LOW_CEILING = 'KBOS 151754Z 28016G24KT 10SM BKN008 OVC020 02/M08 A3002';

describe('metarTextIn', () => {
  it('finds the report in a pilot’s question and leaves out the remarks and the words after it', () => {
    expect(metarTextIn(`can someone translate ${JAX}`)).toBe('KJAX 211856Z 17011G19KT 10SM SCT050 BKN250 34/23 A2995');
    expect(metarTextIn('KDEN 121853Z 27015G25KT 10SM FEW080 SCT250 18/M03 A3012 can someone translate, thinking about flying')).toBe(
      'KDEN 121853Z 27015G25KT 10SM FEW080 SCT250 18/M03 A3012',
    );
    expect(metarTextIn('is KSEA 121853Z 18012G20KT 10SM BKN025 12/08 A3002, ok to fly?')).toBe('KSEA 121853Z 18012G20KT 10SM BKN025 12/08 A3002');
  });

  it('finds nothing in a question about METARs in general', () => {
    expect(metarTextIn('how do i read a metar')).toBeNull();
    expect(metarTextIn('what does BKN025 mean')).toBeNull();
  });
});

describe('metarReading', () => {
  it('decodes the wind, visibility and clouds, and reads them against the drone rules', () => {
    const reading = metarReading(`decode this please ${JAX}`) ?? '';
    expect(reading).toContain('Decoded METAR for KJAX, observed on day 21 of the month at 18:56 UTC');
    expect(reading).toContain('Wind: from 170° (south) at 11 knots (13 mph), gusting 19 knots (22 mph).');
    expect(reading).toContain('Visibility: 10 statute miles.');
    expect(reading).toContain('the ceiling (lowest broken or overcast layer) is 25,000 ft');
    expect(reading).toContain('the 400 ft limit, not the 500 ft clearance below clouds, is what caps your height');
    expect(reading).toContain('above two thirds of a Level 5 rating');
    expect(reading).not.toContain('SLP142');
  });

  it('says what a low ceiling, fog and strong gusts mean for the flight', () => {
    const low = metarReading(`${LOW_CEILING} can i fly my mini`) ?? '';
    expect(low).toContain('staying 500 ft below them means flying no higher than about 300 ft');
    expect(low).toContain('At 28 mph the wind reaches the Level 5 rating');
    expect(low).toContain('warm the batteries');
    const fog = metarReading(FOG) ?? '';
    expect(fog).toContain('Visibility: 0.5 statute miles.');
    expect(fog).toContain("under Part 107's minimum of 3 statute miles");
    expect(fog).toContain('vertical visibility 200 ft');
    expect(fog).toContain('Wind: calm.');
  });

  it('reads nothing where there is no report', () => {
    expect(metarReading('what is the weather like for flying today')).toBeNull();
  });
});
