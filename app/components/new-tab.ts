// Activity links open in a new tab on wide screens, 1280px and up (public-site §2 "Route building rules", §9).
// Narrower screens, and pages before or without JavaScript, keep ordinary same-tab links.
import { WIDE_BREAKPOINT } from "~/domain/constants";
import { useMediaQuery } from "./media-query";

export const WIDE_SCREEN_QUERY = `(min-width: ${WIDE_BREAKPOINT}px)`;

/** Whether the window is at least 1280px wide; false on the server and while hydrating, so the HTML matches. */
export function useWideScreen(): boolean {
  return useMediaQuery(WIDE_SCREEN_QUERY);
}

/**
 * The attributes an activity link takes: target="_blank" on wide screens, so the browser itself opens the tab
 * (keyboard, middle click and "open in new tab" all behave as for any link) and React Router leaves it alone.
 */
export function useActivityLinkTarget(): { target?: "_blank"; rel?: "noopener" } {
  return useWideScreen() ? { target: "_blank", rel: "noopener" } : {};
}
