// The map, in the browser only: mapbox-gl is imported lazily when a MapView mounts, so pages without a map
// never load it. The token comes from /api/mapbox-token; without one there is no map and the list stands alone.
import { useEffect, useRef, useState } from "react";
import { parseCoordinate } from "~/domain/geo";

export interface MapMarker {
  id: number;
  title: string;
  latitude: string | number;
  longitude: string | number;
  /** Category pin image; the default pin when empty. */
  pinUrl?: string | null;
  href?: string;
  subtitle?: string;
}

export const MAP_DEFAULTS = {
  zoom: 11,
  center: { lat: 36.1627, lng: -86.7816 }, // Nashville
  detailZoom: 15,
  flyDurationMs: 1000,
  pinSize: 32,
  selectedPinSize: 40,
  popupOffset: 25,
} as const;

const DEFAULT_PIN = "/icons/pins/default.svg";

type MapboxModule = typeof import("mapbox-gl");

let tokenPromise: Promise<string> | undefined;
function fetchToken(): Promise<string> {
  tokenPromise ??= fetch("/api/mapbox-token", { credentials: "include" })
    .then((r) => (r.ok ? (r.json() as Promise<{ token?: string }>) : { token: "" }))
    .then((body) => body.token ?? "")
    .catch((error) => {
      console.warn("Failed to load the maps token", error);
      return "";
    });
  return tokenPromise;
}

export function MapView({
  markers,
  selectedId = null,
  onSelect,
  center,
  zoom = MAP_DEFAULTS.zoom,
  className = "h-full min-h-80 w-full",
  label = "Map",
}: {
  markers: MapMarker[];
  selectedId?: number | null;
  onSelect?: (id: number) => void;
  center?: { lat: number; lng: number };
  zoom?: number;
  className?: string;
  label?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<import("mapbox-gl").Map | null>(null);
  const libRef = useRef<MapboxModule | null>(null);
  const markerRefs = useRef(new Map<number, { marker: import("mapbox-gl").Marker; el: HTMLElement; popup: import("mapbox-gl").Popup }>());
  const [state, setState] = useState<"loading" | "ready" | "unavailable">("loading");
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  // Create the map once.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const token = await fetchToken();
      if (!token) {
        console.log("No Mapbox token available; the map is not shown");
        if (!cancelled) setState("unavailable");
        return;
      }
      const [lib] = await Promise.all([import("mapbox-gl"), import("mapbox-gl/dist/mapbox-gl.css")]);
      if (cancelled || !container.current) return;
      const mapbox = (lib as unknown as { default?: MapboxModule }).default ?? lib;
      libRef.current = mapbox;
      mapbox.default.accessToken = token;
      const c = center ?? MAP_DEFAULTS.center;
      mapRef.current = new mapbox.default.Map({
        container: container.current,
        style: "mapbox://styles/mapbox/streets-v12",
        center: [c.lng, c.lat],
        zoom,
      });
      setState("ready");
    })();
    return () => {
      cancelled = true;
      mapRef.current?.remove();
      mapRef.current = null;
      markerRefs.current.clear();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Markers follow the list; non-numeric coordinates are skipped.
  useEffect(() => {
    const map = mapRef.current;
    const mapbox = libRef.current?.default;
    if (state !== "ready" || !map || !mapbox) return;
    for (const { marker } of markerRefs.current.values()) marker.remove();
    markerRefs.current.clear();
    for (const m of markers) {
      const lat = parseCoordinate(m.latitude);
      const lng = parseCoordinate(m.longitude);
      if (lat === null || lng === null) continue;
      const el = document.createElement("button");
      el.type = "button";
      el.className = "map-pin";
      el.setAttribute("aria-label", m.title);
      el.style.cssText = `width:${MAP_DEFAULTS.pinSize}px;height:${MAP_DEFAULTS.pinSize}px;background:url("${m.pinUrl || DEFAULT_PIN}") center/contain no-repeat;border:0;cursor:pointer;`;
      const img = new Image();
      img.onerror = () => console.warn(`Pin image failed to load: ${m.pinUrl}`);
      img.src = m.pinUrl || DEFAULT_PIN;
      el.addEventListener("click", () => onSelectRef.current?.(m.id));
      const popupEl = document.createElement("div");
      const title = document.createElement(m.href ? "a" : "strong");
      title.textContent = m.title;
      if (m.href && title instanceof HTMLAnchorElement) {
        title.href = m.href;
        if (window.matchMedia("(min-width: 1280px)").matches) title.target = "_blank";
      }
      popupEl.append(title);
      if (m.subtitle) {
        const sub = document.createElement("div");
        sub.textContent = m.subtitle;
        popupEl.append(sub);
      }
      const popup = new mapbox.Popup({ offset: MAP_DEFAULTS.popupOffset }).setDOMContent(popupEl);
      const marker = new mapbox.Marker({ element: el, anchor: "bottom" }).setLngLat([lng, lat]).setPopup(popup).addTo(map);
      markerRefs.current.set(m.id, { marker, el, popup });
    }
  }, [markers, state]);

  // The selected marker grows and pulses; the map flies to it and opens its popup.
  useEffect(() => {
    const map = mapRef.current;
    if (state !== "ready" || !map) return;
    for (const [id, { el, marker, popup }] of markerRefs.current) {
      const selected = id === selectedId;
      const size = selected ? MAP_DEFAULTS.selectedPinSize : MAP_DEFAULTS.pinSize;
      el.style.width = `${size}px`;
      el.style.height = `${size}px`;
      el.classList.toggle("map-pin-selected", selected);
      if (selected) {
        map.flyTo({ center: marker.getLngLat(), zoom: MAP_DEFAULTS.detailZoom, duration: MAP_DEFAULTS.flyDurationMs });
        if (!popup.isOpen()) marker.togglePopup();
      }
    }
  }, [selectedId, state]);

  if (state === "unavailable") return null;
  return <div ref={container} className={className} role="region" aria-label={label} data-map-state={state} />;
}
