import type { FacilityType } from '../../../../shared/facilities.ts';

/** Legend colours (doc 3 §2.3): airports red, other facilities orange, restricted areas a purple line. */
export const TYPE_COLOUR: Record<FacilityType | 'default', string> = {
  airport: '#dc2626',
  heliport: '#ea580c',
  test_site: '#ea580c',
  restricted_area: '#7c3aed',
  default: '#64748b',
};

export const TYPE_LABEL: Record<FacilityType, string> = {
  airport: 'Airport',
  heliport: 'Heliport',
  test_site: 'UAS Test Site',
  restricted_area: 'Restricted Area',
};

const PLANE = 'M12 4.5c.6 0 1 .5 1 1.2v4.1l5 3v1.5l-5-1.5v3l1.5 1.1v1.3L12 17.5l-2.5.7v-1.3L11 15.8v-3l-5 1.5v-1.5l5-3V5.7c0-.7.4-1.2 1-1.2z';

/** The marker's SVG by type (doc 3 §2.3: airport, heliport, test_site, restricted_area, default pin). */
export function markerSvg(type: FacilityType | 'default'): string {
  const c = TYPE_COLOUR[type];
  switch (type) {
    case 'airport':
      return `<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="10.5" fill="${c}" stroke="#fff" stroke-width="1.5"/><path d="${PLANE}" fill="#fff"/></svg>`;
    case 'heliport':
      return `<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="10.5" fill="${c}" stroke="#fff" stroke-width="1.5"/><path d="M8 7h2v4h4V7h2v10h-2v-4h-4v4H8z" fill="#fff"/></svg>`;
    case 'test_site':
      return `<svg viewBox="0 0 24 24" aria-hidden="true"><rect x="3" y="3" width="18" height="18" rx="3" transform="rotate(45 12 12)" fill="${c}" stroke="#fff" stroke-width="1.5"/><path d="M8 8h8v2h-3v6h-2v-6H8z" fill="#fff"/></svg>`;
    case 'restricted_area':
      return `<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="10" fill="none" stroke="${c}" stroke-width="3"/><path d="M6 18L18 6" stroke="${c}" stroke-width="3"/></svg>`;
    default:
      return `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7z" fill="${c}" stroke="#fff" stroke-width="1.5"/><circle cx="12" cy="9" r="2.5" fill="#fff"/></svg>`;
  }
}
