import { describe, expect, it } from 'vitest';
import { canAddDrone, droneDeleteNote, droneDisplayName, droneLimitFor, generateUniqueIdentifier, makeAndModel, sortDrones } from './drones.ts';
import { catalogueEntryFor, MANUFACTURERS, OTHER, splitMakerAndModel } from './manufacturers.ts';

describe('generateUniqueIdentifier', () => {
  it('is DRONE-<time>-<random>, upper case, and differs each time', () => {
    const a = generateUniqueIdentifier(1_700_000_000_000);
    expect(a).toMatch(/^DRONE-1700000000000-[0-9A-Z]{6}$/);
    expect(generateUniqueIdentifier(1_700_000_000_000)).not.toBe(a);
  });
});

describe('drone names', () => {
  const base = { name: null, customManufacturer: null, customModel: null };
  it('uses the name, else make and model, with Other replaced by the free text', () => {
    expect(droneDisplayName({ ...base, manufacturer: 'DJI', model: 'Mavic 3' })).toBe('DJI Mavic 3');
    expect(droneDisplayName({ ...base, name: 'Survey', manufacturer: 'DJI', model: 'Mavic 3' })).toBe('Survey');
    expect(makeAndModel({ manufacturer: 'Other', model: 'Other', customManufacturer: 'Wingtra', customModel: 'WingtraOne' })).toBe('Wingtra WingtraOne');
    expect(makeAndModel({ manufacturer: 'Skydio', model: 'Skydio X10', customManufacturer: null, customModel: null })).toBe('Skydio X10');
    expect(makeAndModel({ manufacturer: 'DJI', model: OTHER, customManufacturer: null, customModel: 'Phantom 4 Pro' })).toBe('DJI Phantom 4 Pro');
  });

  it('lists the primary first, then in the order added', () => {
    const d = (id: number, isPrimary: boolean, createdAt: string) => ({ id, isPrimary, createdAt });
    expect(sortDrones([d(1, false, '2024-01-01'), d(2, true, '2024-02-01'), d(3, false, '2023-01-01')]).map((x) => x.id)).toEqual([2, 3, 1]);
  });
});

describe('drone limits', () => {
  it('basic 1, hobbyist 3, pro 10, others unlimited', () => {
    expect([droneLimitFor('basic'), droneLimitFor('hobbyist'), droneLimitFor('pro'), droneLimitFor('business'), droneLimitFor('super_admin')]).toEqual([1, 3, 10, null, null]);
    expect(canAddDrone('basic', 0)).toBe(true);
    expect(canAddDrone('basic', 1)).toBe(false);
    expect(canAddDrone('enterprise', 1000)).toBe(true);
  });

  it('the delete note says what happens to the flights', () => {
    expect(droneDeleteNote(0)).toBe('This drone has no logged flights; it will be removed.');
    expect(droneDeleteNote(3)).toMatch(/^This drone has 3 logged flights\. They stay in your logbook/);
  });
});

describe('manufacturer catalogue', () => {
  it('has the spec’s DJI list and every list ends in Other', () => {
    expect(MANUFACTURERS[0]).toEqual({ name: 'DJI', models: ['Mavic 3', 'Mavic 3 Pro', 'Air 3', 'Mini 4 Pro', 'FPV', 'Mini 3 Pro', 'Mini 2', 'Air 2S', 'Mavic Air 2', 'Other'] });
    for (const m of MANUFACTURERS) expect(m.models.at(-1), m.name).toBe(OTHER);
    expect(MANUFACTURERS.at(-1)!.name).toBe(OTHER);
  });

  it('places log model names in the catalogue', () => {
    expect(catalogueEntryFor('P4 Professional')).toEqual({ manufacturer: 'DJI', model: OTHER, customManufacturer: null, customModel: 'Phantom 4 Pro' });
    expect(catalogueEntryFor('DJI Mini 4 Pro')).toMatchObject({ manufacturer: 'DJI', model: 'Mini 4 Pro' });
    expect(catalogueEntryFor('Matrice 30T')).toMatchObject({ manufacturer: 'DJI Enterprise', model: 'Matrice 30T' });
    expect(catalogueEntryFor('Scout', 'Acme')).toEqual({ manufacturer: OTHER, model: OTHER, customManufacturer: 'Acme', customModel: 'Scout' });
    expect(splitMakerAndModel('Autel EVO Lite+')).toEqual({ manufacturer: 'Autel Robotics', rest: 'EVO Lite+' });
    expect(splitMakerAndModel('DJI Enterprise Matrice 30T')).toEqual({ manufacturer: 'DJI Enterprise', rest: 'Matrice 30T' });
  });
});
