// Activity links open in a new tab on wide screens, 1280px and up (public-site §2 "Route building rules", §9).
// Narrower screens, and pages before or without JavaScript, keep ordinary same-tab links.
import { useCallback, type RefCallback } from "react";
import { useNavigate } from "react-router";
import { WIDE_BREAKPOINT } from "~/domain/constants";
import { useMediaQuery } from "./media-query";

export const WIDE_SCREEN_QUERY = `(min-width: ${WIDE_BREAKPOINT}px)`;

/** Whether the window is at least 1280px wide; false on the server and while hydrating, so the HTML matches. */
export function useWideScreen(): boolean {
  return useMediaQuery(WIDE_SCREEN_QUERY);
}

/** The attributes an activity link takes (see useActivityLinkTarget). */
export type ActivityLinkTarget = { target?: "_blank"; rel?: "noopener" };

/**
 * What a list of activity cards needs: `listRef`, for the list element, navigates for its links (see
 * useActivityLinkNavigation), and `linkTarget` is the attributes each card's link takes.
 */
export function useActivityCardLinks(): { listRef: RefCallback<HTMLElement>; linkTarget: ActivityLinkTarget } {
  return { listRef: useActivityLinkNavigation(), linkTarget: useActivityLinkTarget() };
}

/**
 * The attributes an activity link takes: target="_blank" on wide screens, so the browser itself opens the tab
 * (keyboard, middle click and "open in new tab" all behave as for any link) and React Router leaves it alone.
 */
function useActivityLinkTarget(): ActivityLinkTarget {
  return useWideScreen() ? NEW_TAB : SAME_TAB;
}

// The same objects each render, so that memoized cards given them are not drawn again.
const NEW_TAB = { target: "_blank", rel: "noopener" } as const;
const SAME_TAB = {};

/**
 * Client-side navigation for the activity links (`a[data-activity-link]`, plain anchors) inside the element this ref
 * is given: one listener per list instead of a React Router `<Link>` per card, whose hooks (the route matches
 * serialized per link) were a tenth of a city page's hydration on a phone (48 cards; issue #26). A click that a
 * browser would open elsewhere (a modifier key, another button, a target such as the wide screens' new tab) is left
 * to the browser, as `<Link>` leaves it; before the list hydrates, the links load pages as without JavaScript.
 */
function useActivityLinkNavigation(): RefCallback<HTMLElement> {
  const navigate = useNavigate();
  return useCallback(
    (list: HTMLElement | null) => {
      if (!list) return;
      const onClick = (event: MouseEvent) => {
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
        const link = event.target instanceof Element ? event.target.closest("a[data-activity-link]") : null;
        if (!(link instanceof HTMLAnchorElement) || !list.contains(link)) return;
        if ((link.target && link.target !== "_self") || link.origin !== window.location.origin) return;
        event.preventDefault();
        void navigate(link.pathname + link.search + link.hash);
      };
      list.addEventListener("click", onClick);
      return () => list.removeEventListener("click", onClick);
    },
    [navigate],
  );
}
