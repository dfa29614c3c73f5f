// Whether the browser has taken over the page: server-rendered markup (no JavaScript) must stay usable,
// and only after hydration may a view swap in controls that need scripts.
import { useEffect, useSyncExternalStore, type RefObject } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and while React hydrates the component, true from then on (at once in a component mounted
 * later). Per component, not once per page: a region in a Suspense boundary of its own hydrates after the rest of the
 * page (docs/decisions/028), and must draw what the server drew until then. Only the component that asks draws again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
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

/** The value setter of the element's class, which React's own tracking of the value does not see. */
function nativeValueSetter(el: HTMLInputElement | HTMLTextAreaElement): ((value: string) => void) | undefined {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(proto, "value")?.set?.bind(el);
}

/**
 * What was chosen in a form of controlled inputs before the page's scripts ran (a box ticked, a radio picked, text
 * typed, a slider moved, an option selected) is replayed through the controls' own change handlers when React takes
 * over, as if chosen just then. React keeps the document's values while it hydrates but puts its state back on the
 * next render. A control differs from what the server drew when its value or checked state differs from its default
 * (the attributes the server wrote). Declare it after any effect that resets the form's state on the first render.
 */
export function useChoicesMadeBeforeHydration(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const controls = form.current?.elements;
    if (!controls) return;
    for (const el of Array.from(controls)) {
      if (el instanceof HTMLSelectElement) {
        if (!el.disabled && Array.from(el.options).some((o) => o.selected !== o.defaultSelected)) {
          el.dispatchEvent(new Event("change", { bubbles: true }));
        }
      } else if (el instanceof HTMLInputElement && !el.disabled) {
        if (el.type === "checkbox" || el.type === "radio") {
          // A radio is replayed where it was picked (its group's change); a box wherever it changed.
          if (el.checked === el.defaultChecked || (el.type === "radio" && !el.checked)) continue;
          const chosen = el.checked;
          el.checked = !chosen; // what React drew, through its tracking, so that the click below is a change to it
          el.click();
        } else if (el.type !== "hidden" && el.type !== "submit" && el.value !== el.defaultValue) {
          const typed = el.value;
          el.value = el.defaultValue;
          nativeValueSetter(el)?.(typed);
          el.dispatchEvent(new Event("input", { bubbles: true }));
        }
      }
    }
    // Once, when React first draws the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
