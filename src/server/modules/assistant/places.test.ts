import { describe, expect, it } from 'vitest';
import { placePreference, placesNamed } from './places.ts';

describe('placePreference', () => {
  const canada = 'Flying a drone in Canada: registration, pilot certificate and 122 m limit';
  const eu = 'EU drone operator registration and online training for visitors';
  const general = 'Do FAA drone rules apply in other countries? No, every country has its own';

  it('prefers the section of the place the conversation names, and lowers another place’s', () => {
    const asked = placesNamed('do i need a license to fly my drone in canada');
    expect(placePreference(canada, asked)).toBeGreaterThan(1);
    expect(placePreference(eu, asked)).toBeLessThan(1);
  });

  it('reads a country of the EU, or a city, as its region', () => {
    expect(placePreference(eu, placesNamed('flying my mavic in Germany this summer'))).toBeGreaterThan(1);
    expect(placesNamed('going to london with my mini 3')).toEqual(new Set(['uk']));
  });

  it('reads a traveller’s destination as its country, and British Columbia as Canada', () => {
    expect(placesNamed('can i fly a drone at the beach in cancun')).toEqual(new Set(['mexico']));
    expect(placesNamed('flying over queenstown next week')).toEqual(new Set(['new zealand']));
    expect(placesNamed('hiking in british columbia with my mini')).toEqual(new Set(['canada']));
    expect(placesNamed('drone rules near the great barrier reef')).toEqual(new Set(['australia']));
  });

  it('keeps a place’s sections out of a question naming none, but not the sections about abroad in general', () => {
    expect(placePreference(canada, new Set())).toBeLessThan(1);
    expect(placePreference('Do I need to register my drone? Yes if it weighs over 250 grams', new Set())).toBe(1);
    expect(placePreference(general, placesNamed('can i bring my drone to mexico'))).toBe(1);
    expect(placePreference(canada, placesNamed('taking my drone abroad, what should i know'))).toBe(1);
  });
});
