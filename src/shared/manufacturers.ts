/**
 * The one manufacturer catalogue (DESIGN §4): the union of the spec's two readings, each with a current
 * model list ending in Other. DJI's list is the spec's own. Choosing Other (as manufacturer or model)
 * reveals the free-text customManufacturer / customModel fields.
 */
export const OTHER = 'Other';

export interface Manufacturer {
  name: string;
  models: readonly string[];
}

export const MANUFACTURERS = [
  { name: 'DJI', models: ['Mavic 3', 'Mavic 3 Pro', 'Air 3', 'Mini 4 Pro', 'FPV', 'Mini 3 Pro', 'Mini 2', 'Air 2S', 'Mavic Air 2', OTHER] },
  {
    name: 'DJI Enterprise',
    models: ['Matrice 350 RTK', 'Matrice 300 RTK', 'Matrice 30T', 'Mavic 3 Enterprise', 'Mavic 3 Thermal', 'Mavic 3 Multispectral', 'Agras T40', OTHER],
  },
  { name: 'Autel Robotics', models: ['EVO II Pro V3', 'EVO II Dual 640T V3', 'EVO Lite+', 'EVO Nano+', 'EVO Max 4T', 'Alpha', OTHER] },
  { name: 'Parrot', models: ['Anafi Ai', 'Anafi USA', 'Anafi Thermal', 'Anafi', 'Bebop 2', OTHER] },
  { name: 'Skydio', models: ['Skydio X10', 'Skydio X2', 'Skydio 2+', OTHER] },
  { name: 'Yuneec', models: ['H850-RTK', 'H520E', 'Typhoon H Plus', 'Mantis G', OTHER] },
  { name: 'PowerVision', models: ['PowerEgg X 8K', 'PowerEgg X', 'PowerEye', OTHER] },
  { name: 'FIMI', models: ['X8 SE 2022 V2', 'X8 Pro', 'X8 Mini V2', 'Mini 3', OTHER] },
  { name: 'Hubsan', models: ['Zino Mini Pro', 'Zino Mini SE', 'Zino Pro+', 'ACE Pro', OTHER] },
  { name: 'Holy Stone', models: ['HS720G', 'HS700E', 'HS360S', 'HS175D', 'HS100', OTHER] },
  { name: 'Potensic', models: ['ATOM 2', 'ATOM', 'ATOM SE', 'Dreamer Pro', 'D88', OTHER] },
  { name: 'Eachine', models: ['EX5', 'E520S', 'E58', 'Trashcan', OTHER] },
  { name: 'Ruko', models: ['F11 Pro', 'F11GIM2', 'U11S', 'R111', OTHER] },
  { name: OTHER, models: [OTHER] },
] as const satisfies readonly Manufacturer[];

export type ManufacturerName = (typeof MANUFACTURERS)[number]['name'];
export const MANUFACTURER_NAMES = MANUFACTURERS.map((m) => m.name) as [ManufacturerName, ...ManufacturerName[]];

export const isManufacturerName = (value: string): value is ManufacturerName => (MANUFACTURER_NAMES as readonly string[]).includes(value);

export function modelsOf(manufacturer: string): readonly string[] {
  return MANUFACTURERS.find((m) => m.name === manufacturer)?.models ?? [];
}

/** The label the drones page shows for the Other model entry ("Other DJI Model"). */
export const otherModelLabel = (manufacturer: string) => (manufacturer === OTHER ? 'Other Model' : `Other ${manufacturer} Model`);

/** Lower case letters and digits only: "Mavic-3 PRO" and "mavic 3 pro" compare equal. */
export const compactName = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Model names as flight logs write them (DJI's droneType, Litchi's numbered types, short forms) mapped
 * to the name a pilot knows. Keys are compactName()s.
 */
const MODEL_ALIASES: Record<string, string> = {
  p4professional: 'Phantom 4 Pro',
  p4pro: 'Phantom 4 Pro',
  p4p: 'Phantom 4 Pro',
  p4professionalv20: 'Phantom 4 Pro V2.0',
  p4advanced: 'Phantom 4 Advanced',
  p4rtk: 'Phantom 4 RTK',
  p4: 'Phantom 4',
  p3professional: 'Phantom 3 Professional',
  p3advanced: 'Phantom 3 Advanced',
  p3standard: 'Phantom 3 Standard',
  mavic2: 'Mavic 2 Pro',
  mavic2pro: 'Mavic 2 Pro',
  mavic2zoom: 'Mavic 2 Zoom',
  mavicmini: 'Mavic Mini',
  wm160: 'Mavic Mini',
  mini2: 'Mini 2',
  djimini2: 'Mini 2',
  mini3pro: 'Mini 3 Pro',
  djimini3pro: 'Mini 3 Pro',
  mini4pro: 'Mini 4 Pro',
  djimini4pro: 'Mini 4 Pro',
  mavicair2: 'Mavic Air 2',
  djiair2s: 'Air 2S',
  air2s: 'Air 2S',
  djiair3: 'Air 3',
  djifpv: 'FPV',
  djimavic3: 'Mavic 3',
  djimavic3pro: 'Mavic 3 Pro',
};

/** The readable model name for what a log calls the aircraft ("P4 Professional" → "Phantom 4 Pro"). */
export const canonicalModelName = (raw: string): string => MODEL_ALIASES[compactName(raw)] ?? raw.trim();

/**
 * Manufacturer and model of the catalogue for a model name read from a log or typed by a pilot, or
 * Other with the name as free text when the catalogue does not list it.
 */
export function catalogueEntryFor(modelName: string, manufacturerHint?: string): { manufacturer: ManufacturerName; model: string; customManufacturer: string | null; customModel: string | null } {
  const canonical = canonicalModelName(modelName);
  const wanted = compactName(canonical);
  const hint = manufacturerHint ? MANUFACTURERS.find((m) => compactName(m.name) === compactName(manufacturerHint)) : undefined;
  const search = hint ? [hint, ...MANUFACTURERS.filter((m) => m !== hint)] : MANUFACTURERS;
  for (const maker of search) {
    const model = maker.models.find((name) => name !== OTHER && compactName(name) === wanted);
    if (model) return { manufacturer: maker.name, model, customManufacturer: null, customModel: null };
  }
  if (hint && hint.name !== OTHER) return { manufacturer: hint.name, model: OTHER, customManufacturer: null, customModel: canonical || 'Unknown' };
  if (/^(phantom|mavic|inspire|spark|matrice|mini|air)\b/i.test(canonical)) {
    return { manufacturer: 'DJI', model: OTHER, customManufacturer: null, customModel: canonical };
  }
  return { manufacturer: OTHER, model: OTHER, customManufacturer: manufacturerHint?.trim() || 'Unknown', customModel: canonical || 'Unknown' };
}

/** A catalogue manufacturer named at the start of free text ("DJI Mavic 3" → DJI, "Mavic 3"). */
export function splitMakerAndModel(text: string): { manufacturer: ManufacturerName; rest: string } | null {
  const trimmed = text.trim();
  // Longest names first, so "DJI Enterprise Matrice 30T" is not read as DJI.
  const byLength = [...MANUFACTURERS].filter((m) => m.name !== OTHER).sort((a, b) => b.name.length - a.name.length);
  for (const maker of byLength) {
    const short = maker.name === 'Autel Robotics' ? ['Autel Robotics', 'Autel'] : [maker.name];
    for (const name of short) {
      if (trimmed.toLowerCase().startsWith(name.toLowerCase() + ' ') || trimmed.toLowerCase() === name.toLowerCase()) {
        return { manufacturer: maker.name, rest: trimmed.slice(name.length).trim() };
      }
    }
  }
  return null;
}
