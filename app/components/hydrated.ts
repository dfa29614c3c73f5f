// Whether the browser has taken over the page: server-rendered markup (no JavaScript) must stay usable,
// and only after hydration may a view swap in controls that need scripts.
import { useEffect, useState, type RefObject } from "react";

let hydratedOnce = false;

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}

/**
 * Text typed into a controlled box before the page's scripts ran (they start after the first paint,
 * app/http/script-priority.ts) becomes the box's state when React takes over, as if typed just then.
 */
export function useTextTypedBeforeHydration(
  box: RefObject<HTMLInputElement | null>,
  value: string,
  onTyped: (text: string) => void,
): void {
  useEffect(() => {
    const typed = box.current?.value;
    if (typed !== undefined && typed !== value) onTyped(typed);
    // Once, when React first draws the box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
