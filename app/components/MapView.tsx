// The map, in the browser only. The page's loader says which library draws it (app/map.server.ts): mapbox-gl
// with a token, else maplibre-gl (its open fork, same API) with a keyless open style. Either one, and its CSS,
// is imported only once a MapView's region is in view, so pages without a map (or whose map nobody has scrolled
// to) never load map code, and the list beside a map never waits for it.
import { useEffect, useRef, useState } from "react";
import type { Map as MapInstance, Marker, Popup } from "maplibre-gl";
import { MAP_DEFAULTS, mapCenter, mapPoint, type MapSetup } from "~/domain/pages/map";
import { WIDE_SCREEN_QUERY } from "~/components/new-tab";

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

const DEFAULT_PIN = "/icons/pins/default.svg";

/** The part of the (shared) mapbox-gl / maplibre-gl API the map uses. */
type MapLibrary = Pick<typeof import("maplibre-gl"), "Map" | "Marker" | "Popup">;

let tokenPromise: Promise<string> | undefined;
/** The spec's maps token endpoint; a failed call is a warning and an empty token (public-site §8). */
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

async function loadLibrary(setup: MapSetup): Promise<MapLibrary | null> {
  if (setup.library === "mapbox") {
    const token = await fetchToken();
    if (!token) {
      console.log("No Mapbox token available; the map is not shown");
      return null;
    }
    const [{ default: mapboxgl }] = await Promise.all([import("mapbox-gl"), import("mapbox-gl/dist/mapbox-gl.css")]);
    mapboxgl.accessToken = token;
    // Same constructors and options as maplibre-gl's for everything the map uses; only the typings differ.
    return mapboxgl as unknown as MapLibrary;
  }
  const [maplibre, { default: workerUrl }] = await Promise.all([
    import("maplibre-gl"),
    // The worker is a separate file that the bundler must copy; maplibre would look for it beside its own chunk.
    import("maplibre-gl/dist/maplibre-gl-worker.mjs?url"),
    import("maplibre-gl/dist/maplibre-gl.css"),
  ]);
  maplibre.setWorkerUrl(workerUrl);
  return maplibre;
}

/** Resolves in a task of its own once the browser is idle (or after a second at the latest). */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

function pinElement(m: MapMarker): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "map-pin";
  button.setAttribute("aria-label", m.title);
  button.dataset.markerId = String(m.id);
  const img = document.createElement("img");
  img.className = "map-pin-icon";
  img.alt = "";
  img.draggable = false;
  img.src = m.pinUrl || DEFAULT_PIN;
  img.addEventListener("error", () => {
    console.warn(`Pin image failed to load: ${img.src}`);
    if (!img.src.endsWith(DEFAULT_PIN)) img.src = DEFAULT_PIN;
  });
  button.append(img);
  return button;
}

function popupContent(m: MapMarker): HTMLElement {
  const content = document.createElement("div");
  const title = document.createElement(m.href ? "a" : "strong");
  title.textContent = m.title;
  if (title instanceof HTMLAnchorElement && m.href) {
    title.href = m.href;
    // Wide screens keep the map and open the activity beside it (public-site §9 breakpoints).
    if (window.matchMedia(WIDE_SCREEN_QUERY).matches) {
      title.target = "_blank";
      title.rel = "noopener";
    }
  }
  content.append(title);
  if (m.subtitle) {
    const sub = document.createElement("div");
    sub.textContent = m.subtitle;
    content.append(sub);
  }
  return content;
}

export function MapView({
  setup,
  markers,
  selectedId = null,
  onSelect,
  center,
  zoom = MAP_DEFAULTS.zoom,
  className = "h-full min-h-80 w-full",
  label = "Map",
}: {
  setup: MapSetup;
  markers: MapMarker[];
  selectedId?: number | null;
  onSelect?: (id: number) => void;
  /** Where the map opens; Nashville when missing or not a usable point. */
  center?: { lat: string | number; lng: string | number } | null;
  zoom?: number;
  className?: string;
  label?: string;
}) {
  const region = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapInstance | null>(null);
  const libRef = useRef<MapLibrary | null>(null);
  const popupRef = useRef<Popup | null>(null);
  const markerRefs = useRef(new Map<number, { marker: Marker; el: HTMLElement; data: MapMarker }>());
  const [state, setState] = useState<"loading" | "ready" | "unavailable" | "failed">("loading");
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  const start = mapCenter(center);
  const startKey = `${start.lat},${start.lng},${zoom}`;
  const shownStart = useRef(startKey);

  /** Marks the selected marker; with `fly`, flies to it and opens its popup (public-site §4 'Map'). */
  const showSelection = (fly: boolean) => {
    const map = mapRef.current;
    if (!map) return;
    for (const [id, { el, marker, data }] of markerRefs.current) {
      const selected = id === selectedRef.current;
      const size = selected ? MAP_DEFAULTS.selectedPinSize : MAP_DEFAULTS.pinSize;
      el.style.width = `${size}px`;
      el.style.height = `${size}px`;
      el.classList.toggle("map-pin-selected", selected);
      if (selected && fly) {
        map.flyTo({ center: marker.getLngLat(), zoom: MAP_DEFAULTS.detailZoom, duration: MAP_DEFAULTS.flyDurationMs });
        popupRef.current?.setLngLat(marker.getLngLat()).setDOMContent(popupContent(data)).addTo(map);
      }
    }
  };

  // Create the map once.
  useEffect(() => {
    const markers = markerRefs.current;
    let cancelled = false;
    const observers: IntersectionObserver[] = [];
    /** Resolves once the region is in view (at once where nothing can observe it). */
    const inView = () =>
      new Promise<void>((resolve) => {
        const el = region.current;
        if (!el || typeof IntersectionObserver === "undefined") return resolve();
        const watch = new IntersectionObserver((entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          watch.disconnect();
          resolve();
        });
        observers.push(watch);
        watch.observe(el);
      });
    (async () => {
      // Nothing of the map loads until its region is in view (on a phone, the detail page's map starts a few
      // hundred pixels below the first view, and 'within a screen' was at once): the library's evaluation and the
      // map's creation are a low-tier phone's longest tasks, and a page loading should answer taps, not draw a map
      // nobody has looked at yet. Then the library is fetched and evaluated when the page is idle, and the map made
      // in a task of its own (decision 048).
      await inView();
      if (cancelled) return;
      await idle();
      if (cancelled) return;
      let lib: MapLibrary | null;
      try {
        lib = await loadLibrary(setup);
      } catch (error) {
        console.error("The map library could not be loaded", error);
        if (!cancelled) setState("failed");
        return;
      }
      if (cancelled) return;
      if (!lib || !container.current) {
        setState("unavailable");
        return;
      }
      await idle();
      if (cancelled || !container.current) return;
      let map: MapInstance;
      try {
        map = new lib.Map({ container: container.current, style: setup.style, center: [start.lng, start.lat], zoom });
      } catch (error) {
        // No WebGL, most often: the page and its list stay usable.
        console.error("The map could not be created", error);
        setState("failed");
        return;
      }
      mapRef.current = map;
      libRef.current = lib;
      // One popup at a time; it does not take focus, so moving through the list by keyboard stays in the list.
      popupRef.current = new lib.Popup({ offset: MAP_DEFAULTS.popupOffset, focusAfterOpen: false });
      // The camera as data attributes: harmless, and what lets a test (or a curious reader) see where the map is.
      const showCamera = () => {
        const el = region.current;
        if (!el) return;
        const { lat, lng } = map.getCenter();
        el.dataset.zoom = String(Math.round(map.getZoom() * 100) / 100);
        el.dataset.center = `${lat.toFixed(5)},${lng.toFixed(5)}`;
      };
      showCamera();
      map.on("moveend", showCamera);
      map.once("load", () => region.current?.setAttribute("data-map-loaded", ""));
      setState("ready");
    })();
    return () => {
      cancelled = true;
      for (const watch of observers) watch.disconnect();
      popupRef.current?.remove();
      mapRef.current?.remove();
      mapRef.current = null;
      popupRef.current = null;
      markers.clear();
    };
    // The map is created once; later centre and zoom changes come from selections.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Another city in the same page component (a client-side navigation): open on its centre.
  useEffect(() => {
    const map = mapRef.current;
    if (state !== "ready" || !map || shownStart.current === startKey) return;
    shownStart.current = startKey;
    map.jumpTo({ center: [start.lng, start.lat], zoom });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startKey, state]);

  // Markers follow the list (compared by content: a parent re-render makes a new but equal array).
  const markersKey = JSON.stringify(markers);
  useEffect(() => {
    const map = mapRef.current;
    const lib = libRef.current;
    if (state !== "ready" || !map || !lib) return;
    for (const { marker } of markerRefs.current.values()) marker.remove();
    markerRefs.current.clear();
    for (const m of markers) {
      const point = mapPoint(m.latitude, m.longitude);
      if (!point) continue; // public-site §4: markers with non-numeric coordinates are skipped
      const el = pinElement(m);
      el.addEventListener("click", (event) => {
        // Not the map's click too: that closes popups, and would close the one this click opens.
        event.stopPropagation();
        if (selectedRef.current === m.id) showSelection(true);
        else onSelectRef.current?.(m.id);
      });
      const marker = new lib.Marker({ element: el, anchor: "bottom" }).setLngLat([point.lng, point.lat]).addTo(map);
      markerRefs.current.set(m.id, { marker, el, data: m });
    }
    // A popup whose activity left the list goes with it.
    if (selectedRef.current === null || !markerRefs.current.has(selectedRef.current)) popupRef.current?.remove();
    showSelection(false);
    // Markers are compared by content (markersKey), not by the array's identity, which changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markersKey, state]);

  useEffect(() => {
    if (state === "ready") showSelection(selectedId !== null);
  }, [selectedId, state]);

  return (
    <div
      ref={region}
      className={`relative overflow-hidden ${className}`}
      role="region"
      aria-label={label}
      data-map-state={state}
      data-map-library={setup.library}
    >
      {/* Inline, because the library's own CSS makes its container position: relative. */}
      <div ref={container} style={{ position: "absolute", inset: 0 }} />
      {(state === "unavailable" || state === "failed") && (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-gray-700">
          The map could not be loaded.
        </p>
      )}
    </div>
  );
}
