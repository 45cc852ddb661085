import { useEffect, useLayoutEffect, useRef } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { GeoPoint } from '@backoffice/contracts';
import { useRuntimeConfig } from '../../components/config';

/** Used until /api/config answers (it names the same public tile server by default). */
const FALLBACK_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const FALLBACK_ATTRIBUTION = '&copy; OpenStreetMap contributors';

export interface BranchMapMarker {
  id: number | string;
  position: GeoPoint;
  title: string;
  lines?: string[];
  active?: boolean;
}

export interface BranchMapProps {
  /** What the map shows, for screen readers. */
  label: string;
  markers?: BranchMapMarker[];
  /** Pick mode: the chosen point, and what a click on the map does. */
  picked?: GeoPoint | null;
  onPick?: (point: GeoPoint) => void;
  height?: string;
}

const useStyles = makeStyles({
  map: {
    width: '100%',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    zIndex: 0,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  pick: { cursor: 'crosshair' },
});

function popupContent(marker: BranchMapMarker): HTMLElement {
  const root = document.createElement('div');
  const title = document.createElement('strong');
  title.textContent = marker.title;
  root.append(title);
  for (const line of marker.lines ?? []) {
    const row = document.createElement('div');
    row.textContent = line;
    root.append(row);
  }
  return root;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * A Leaflet map (loaded lazily with this module): branch markers with popups, or, with onPick,
 * a location picker where a click places the point. Tiles come from the runtime config.
 */
export default function BranchMap({ label, markers = [], picked, onPick, height = '360px' }: BranchMapProps) {
  const styles = useStyles();
  const { config } = useRuntimeConfig();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const pickRef = useRef(onPick);
  // What was last rendered, for the map's handlers and the marker effect (which runs on changes of their keys).
  const shownRef = useRef({ markers, picked });
  useLayoutEffect(() => {
    pickRef.current = onPick;
    shownRef.current = { markers, picked };
  });
  /** A point placed by a click keeps the view where the user is looking. */
  const clickedRef = useRef(false);
  const tileUrl = config?.mapTileUrl || FALLBACK_TILES;
  const attribution = config?.mapAttribution || FALLBACK_ATTRIBUTION;

  // The map itself, once per tile source.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { worldCopyJump: true, zoomControl: true }).setView([20, 0], 2);
    L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
    layerRef.current = L.layerGroup().addTo(map);
    map.on('click', (event: L.LeafletMouseEvent) => {
      if (!pickRef.current) return;
      const point = event.latlng.wrap();
      clickedRef.current = true;
      pickRef.current({ lat: round(point.lat), lng: round(point.lng) });
    });
    mapRef.current = map;
    // Dialogs animate in: measure again once the container has its final size.
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, [tileUrl, attribution]);

  // Markers and the picked point; the view fits them when they change.
  // markerKey and pickedKey stand for markers and picked, which are new objects on every render.
  const markerKey = JSON.stringify(markers.map((m) => [m.id, m.position.lat, m.position.lng, m.title, m.active]));
  const pickedKey = picked ? `${picked.lat},${picked.lng}` : '';
  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    const { markers, picked } = shownRef.current;
    layer.clearLayers();
    const points: L.LatLngExpression[] = [];
    for (const marker of markers) {
      const position: L.LatLngTuple = [marker.position.lat, marker.position.lng];
      points.push(position);
      L.circleMarker(position, {
        radius: 9,
        weight: 2,
        color: '#ffffff',
        fillColor: marker.active === false ? '#8a8886' : '#0f6cbd',
        fillOpacity: 1,
      })
        .bindTooltip(marker.title)
        .bindPopup(popupContent(marker))
        .addTo(layer);
    }
    if (picked) {
      const position: L.LatLngTuple = [picked.lat, picked.lng];
      points.push(position);
      L.circleMarker(position, { radius: 11, weight: 3, color: '#ffffff', fillColor: '#c50f1f', fillOpacity: 1 })
        .bindTooltip('Branch location')
        .addTo(layer);
    }
    if (clickedRef.current) clickedRef.current = false;
    else if (points.length === 1) map.setView(points[0], Math.max(map.getZoom(), picked ? 13 : 12));
    else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 13 });
  }, [markerKey, pickedKey, tileUrl]);

  return (
    <div
      ref={containerRef}
      className={mergeClasses(styles.map, onPick && styles.pick)}
      style={{ height }}
      role="application"
      aria-label={label}
      data-testid={onPick ? 'location-picker-map' : 'branches-map'}
    />
  );
}
