// Activity links open in a new tab on wide screens, 1280px and up (public-site §2 "Route building rules", §9).
// Narrower screens, and pages before or without JavaScript, keep ordinary same-tab links.
import { useSyncExternalStore } from "react";
import { WIDE_BREAKPOINT } from "~/domain/constants";

export const WIDE_SCREEN_QUERY = `(min-width: ${WIDE_BREAKPOINT}px)`;

let wideQuery: MediaQueryList | undefined;
const query = () => (wideQuery ??= window.matchMedia(WIDE_SCREEN_QUERY));

function subscribe(onChange: () => void) {
  const q = query();
  q.addEventListener("change", onChange);
  return () => q.removeEventListener("change", onChange);
}

/** Whether the window is at least 1280px wide; false on the server and while hydrating, so the HTML matches. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query().matches,
    () => false,
  );
}

/**
 * The attributes an activity link takes: target="_blank" on wide screens, so the browser itself opens the tab
 * (keyboard, middle click and "open in new tab" all behave as for any link) and React Router leaves it alone.
 */
export function useActivityLinkTarget(): { target?: "_blank"; rel?: "noopener" } {
  return useWideScreen() ? { target: "_blank", rel: "noopener" } : {};
}
