import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesUrl from 'us-atlas/states-10m.json?url';
import countiesUrl from 'us-atlas/counties-10m.json?url';
import { FACILITY_CONSTANTS, type Facility } from '../../../../shared/facilities.ts';
import { markerSvg } from '../model/icons.ts';
import { ruleRadiusMiles } from '../model/rules.ts';
import type { Position } from '../hooks/use-geolocation.ts';
import './facility-map.css';

const METRES_PER_MILE = 1609.344;
const US_ATLAS_ATTRIBUTION = 'Outlines: US Census Bureau';

export interface MapView {
  lat: number;
  lon: number;
  zoom: number;
  /** Changes whenever the page (not the user's drag) moves the map, so the same place can be asked twice. */
  seq: number;
}

export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

interface FacilityMapProps {
  view: MapView;
  facilities: Facility[];
  selectedId: number | null;
  ownPosition: Position | null;
  attribution: string;
  tileUrl: string | null;
  tileAttribution: string | null;
  onViewChange: (center: { lat: number; lon: number }, zoom: number, bounds: MapBounds) => void;
  onSelect: (id: number) => void;
  /** The map's own controls (the page's +, - buttons). */
  ref?: Ref<MapControls>;
}

export interface MapControls {
  zoomBy(delta: number): void;
}

async function fetchTopology(url: string): Promise<Topology> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`basemap ${res.status}`);
  return (await res.json()) as Topology;
}

/** The marker by type, with its identifier label when labelled (identifiers are letters, digits and '-'). */
function facilityIcon(f: Facility, labelled: boolean, selected: boolean, size: number): L.DivIcon {
  const label = labelled ? `<span class="fac-label">${f.identifier.replace(/[^A-Z0-9-]/gi, '')}</span>` : '';
  const px = selected ? 30 : size;
  return L.divIcon({
    className: '',
    html: `<div class="fac-marker fac-${f.type}${f.closed ? ' fac-closed' : ''}${selected ? ' fac-selected' : ''}" style="width:${px}px;height:${px}px" data-facility="${f.id}">${markerSvg(f.type)}${label}</div>`,
    iconSize: [px, px],
    iconAnchor: [px / 2, px / 2],
    popupAnchor: [0, -px / 2],
  });
}

/** Marker size by zoom and importance: at country scale small fields and heliports shrink so hubs stand out. */
function markerSize(f: Facility, zoom: number): number {
  const minor = f.airportSize === 'small' || f.type !== 'airport';
  if (zoom <= 6) return minor ? 10 : 16;
  if (zoom <= 9) return minor ? 14 : 20;
  return minor ? 18 : 22;
}

function popupContent(f: Facility): HTMLElement {
  // Built from text nodes: names come from a public data set and are never parsed as HTML.
  const box = document.createElement('div');
  const line = (text: string, strong = false) => {
    const el = document.createElement(strong ? 'strong' : 'div');
    el.textContent = text;
    box.append(el);
    if (strong) box.append(document.createElement('br'));
  };
  line(`${f.name} (${f.identifier})`, true);
  line([f.city, f.state].filter(Boolean).join(', ') || 'Location not listed');
  line(`${f.latitude.toFixed(4)}, ${f.longitude.toFixed(4)}`);
  line(f.elevation === null ? 'Elevation not listed' : `Elevation ${f.elevation} ft`);
  return box;
}

/**
 * The facilities map (doc 3 §2.3, DESIGN §4): Leaflet over an offline basemap of US state and county
 * outlines from the us-atlas package (optional online tiles on top when the deployment names a URL).
 * Markers by type, labels above zoom 7 or when selected, rings above zoom 8, the controlled-airspace and
 * no-fly circles, the pilot's own position, a real scale bar and the data's attribution.
 */
export function FacilityMap({ view, facilities, selectedId, ownPosition, attribution, tileUrl, tileAttribution, onViewChange, onSelect, ref }: FacilityMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layers = useRef<{ markers: L.LayerGroup; zones: L.LayerGroup; me: L.LayerGroup; counties: L.LayerGroup } | null>(null);
  const callbacks = useRef({ onViewChange, onSelect });
  useLayoutEffect(() => {
    callbacks.current = { onViewChange, onSelect };
  });
  const drawRef = useRef<() => void>(() => undefined);
  // Clicks during a zoom animation build on the zoom asked for, not the one still on screen.
  const pendingZoom = useRef<number | null>(null);
  useImperativeHandle(ref, () => ({
    zoomBy(delta) {
      const map = mapRef.current;
      if (!map) return;
      const target = Math.max(FACILITY_CONSTANTS.minZoom, Math.min(FACILITY_CONSTANTS.maxZoom, (pendingZoom.current ?? map.getZoom()) + delta));
      pendingZoom.current = target;
      map.setZoom(target);
    },
  }));

  // The map itself, once.
  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, {
      center: [view.lat, view.lon],
      zoom: view.zoom,
      minZoom: FACILITY_CONSTANTS.minZoom,
      maxZoom: FACILITY_CONSTANTS.maxZoom,
      zoomControl: false,
      attributionControl: false,
      preferCanvas: false,
      worldCopyJump: true,
      // Zoom steps are applied at once: with the animation, a zoom asked for while one was running (two
      // quick clicks, or a layout change resizing the map mid-animation) was sometimes dropped on slow machines.
      zoomAnimation: false,
    });
    mapRef.current = map;
    L.control.attribution({ prefix: false, position: 'bottomright' }).addAttribution(attribution).addAttribution(US_ATLAS_ATTRIBUTION).addTo(map);
    L.control.scale({ imperial: true, metric: false, position: 'bottomleft' }).addTo(map);
    const basemap = map.createPane('basemap');
    basemap.style.zIndex = '150';
    const counties = L.layerGroup().addTo(map);
    const zones = L.layerGroup().addTo(map);
    const me = L.layerGroup().addTo(map);
    const markers = L.layerGroup().addTo(map);
    layers.current = { markers, zones, me, counties };

    let cancelled = false;
    void fetchTopology(statesUrl).then((topo) => {
      if (cancelled) return;
      const states = feature(topo, topo.objects.states as GeometryCollection);
      L.geoJSON(states, { pane: 'basemap', interactive: false, style: { className: 'fac-land' } }).addTo(map);
    });
    let countiesLoaded = false;
    const maybeCounties = () => {
      if (countiesLoaded || map.getZoom() < 7) return;
      countiesLoaded = true;
      void fetchTopology(countiesUrl).then((topo) => {
        if (cancelled) return;
        const lines = mesh(topo, topo.objects.counties as GeometryCollection, (a, b) => a !== b);
        L.geoJSON(lines, { pane: 'basemap', interactive: false, style: { className: 'fac-county' } }).addTo(counties);
      });
    };

    const report = () => {
      const c = map.getCenter();
      const b = map.getBounds();
      maybeCounties();
      callbacks.current.onViewChange({ lat: c.lat, lon: c.lng }, map.getZoom(), { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() });
      drawRef.current();
    };
    // Leaflet ignores a zoom asked for during a zoom animation: the one still wanted is asked again here.
    map.on('zoomend', () => {
      const wanted = pendingZoom.current;
      if (wanted !== null && wanted !== map.getZoom()) map.setZoom(wanted);
      else pendingZoom.current = null;
    });
    map.on('moveend', report);
    map.whenReady(report);
    // The card's layout settles after the map is made (fonts, notices above it, a phone turning): Leaflet
    // must learn its new size, or it draws the outlines for the old one.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(container.current);
    const markersDrawn = drawn.current;
    return () => {
      cancelled = true;
      resize.disconnect();
      markersDrawn.clear();
      map.off();
      map.remove();
      mapRef.current = null;
      layers.current = null;
    };
    // The map is made once; later props are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Optional online tiles, under the outlines' markers but over the land fill.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tileUrl) return;
    const tiles = L.tileLayer(tileUrl, { attribution: tileAttribution ?? '', maxZoom: FACILITY_CONSTANTS.maxZoom }).addTo(map);
    return () => {
      tiles.remove();
    };
  }, [tileUrl, tileAttribution]);

  // The page moves the map (reset, search hit, geolocation).
  useEffect(() => {
    mapRef.current?.setView([view.lat, view.lon], view.zoom);
  }, [view.seq, view.lat, view.lon, view.zoom]);

  // Markers, labels, rings and rule circles for what is in view. Kept by id and changed in place, so a
  // pan adds and removes only what crossed the edge, and an open popup survives it.
  const drawn = useRef(new Map<number, { marker: L.Marker; key: string; zone: L.Circle | null; ring: L.Circle | null }>());
  useEffect(() => {
    drawRef.current = () => {
      const map = mapRef.current;
      const l = layers.current;
      if (!map || !l) return;
      const zoom = map.getZoom();
      const bounds = map.getBounds().pad(0.2);
      const want = new Map<number, Facility>();
      for (const f of facilities) if (f.id === selectedId || bounds.contains([f.latitude, f.longitude])) want.set(f.id, f);
      for (const [id, d] of drawn.current) {
        if (want.has(id)) continue;
        d.marker.remove();
        d.zone?.remove();
        d.ring?.remove();
        drawn.current.delete(id);
      }
      for (const f of want.values()) {
        const selected = f.id === selectedId;
        const labelled = zoom > FACILITY_CONSTANTS.labelAboveZoom || selected;
        const size = markerSize(f, zoom);
        const key = `${f.type}|${labelled}|${selected}|${size}|${f.identifier}`;
        let d = drawn.current.get(f.id);
        if (!d) {
          const marker = L.marker([f.latitude, f.longitude], { icon: facilityIcon(f, labelled, selected, size), keyboard: false, title: `${f.name} (${f.identifier})` });
          marker.bindPopup(() => popupContent(f), { autoPan: false });
          marker.on('click', () => callbacks.current.onSelect(f.id));
          marker.addTo(l.markers);
          const radius = ruleRadiusMiles(f);
          const zone = radius === null ? null : L.circle([f.latitude, f.longitude], { radius: radius * METRES_PER_MILE, className: `fac-zone-${f.droneFlightZone}`, interactive: false, weight: 1.5 }).addTo(l.zones);
          d = { marker, key: '', zone, ring: null };
          d.key = key;
          marker.setZIndexOffset(selected ? 1000 : f.airportSize === 'large' ? 500 : 0);
          drawn.current.set(f.id, d);
        }
        if (d.key !== key) {
          d.marker.setIcon(facilityIcon(f, labelled, selected, size));
          d.marker.setZIndexOffset(selected ? 1000 : f.airportSize === 'large' ? 500 : 0);
          d.key = key;
        }
        const wantRing = zoom > FACILITY_CONSTANTS.ringsAboveZoom;
        if (wantRing && !d.ring) d.ring = L.circle([f.latitude, f.longitude], { radius: METRES_PER_MILE, className: 'fac-ring', interactive: false, weight: 1 }).addTo(l.zones);
        if (!wantRing && d.ring) {
          d.ring.remove();
          d.ring = null;
        }
      }
    };
    drawRef.current();
  }, [facilities, selectedId]);

  // The selected facility's popup opens with the selection (doc 3 §2.3).
  useEffect(() => {
    if (selectedId === null) return;
    drawn.current.get(selectedId)?.marker.openPopup();
  }, [selectedId]);

  // The pilot's own position and its accuracy.
  useEffect(() => {
    const l = layers.current;
    if (!l) return;
    l.me.clearLayers();
    if (!ownPosition) return;
    L.circle([ownPosition.lat, ownPosition.lon], { radius: Math.min(ownPosition.accuracy, 5000), className: 'fac-me-accuracy', interactive: false, weight: 1 }).addTo(l.me);
    L.circleMarker([ownPosition.lat, ownPosition.lon], { radius: 7, className: 'fac-me', weight: 2 }).bindTooltip('Your Location').addTo(l.me);
  }, [ownPosition]);

  return (
    <div
      ref={container}
      className="fac-map h-full w-full"
      data-testid="facility-map"
      role="application"
      aria-label="UAS facilities map. Drag or use the arrow keys to pan, plus and minus to zoom."
    />
  );
}
