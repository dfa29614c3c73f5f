// Whether the browser has taken over the page: server-rendered markup (no JavaScript) must stay usable,
// and only after hydration may a view swap in controls that need scripts.
import { useEffect, useState } from "react";

let hydratedOnce = false;

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
