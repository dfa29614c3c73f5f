// Event handlers for memoized regions (docs/decisions/028): a region that is passed a new function on every render
// of the page draws again whenever anything on the page changes (a chip's tick drew the whole filter sheet).
import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * A function whose identity never changes and that runs the latest render's `fn`. For event handlers only (it sees
 * the latest `fn` from the commit on, not during a render).
 */
export function useStableHandler<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
