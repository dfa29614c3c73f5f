// Toasts (public-site §4 "Other", §9 timings): shown 5000 ms, at most one at a time, swiped away to the right,
// and F8 takes the keyboard to them.
import { useEffect, useRef, useState, type PointerEvent } from "react";
import type { Toast } from "~/domain/admin/toast";
import { useHydrated } from "~/components/hydrated";
import { Tooltip } from "~/components/Tooltip";

export const TOAST_DURATION_MS = 5000;
/** A drag to the right this far or more dismisses the toast; less snaps it back. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
const TOAST_EVENT = "app:toast";
const HOTKEY = "F8";

/** Shows a toast from the browser (an action that needs no server round trip, e.g. copying to the clipboard). */
export function showToast(toast: Toast) {
  window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail: toast }));
}

/**
 * Shows the flash toast of the last action, or the latest from showToast: a new one replaces the one showing.
 * Server-rendered, so it reads without JavaScript (and then stays until the next page).
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  // A serial per toast, so the same message twice still restarts the timer and remounts the swipe state.
  const [current, setCurrent] = useState<{ toast: Toast; serial: number } | null>(toast && { toast, serial: 0 });
  const serial = useRef(0);
  const region = useRef<HTMLElement>(null);

  const show = (next: Toast) => setCurrent({ toast: next, serial: ++serial.current });
  // A new flash toast from the server shows; a page without one leaves the current toast to its timer.
  const lastFlash = useRef(toast);
  useEffect(() => {
    if (toast && toast !== lastFlash.current) show(toast);
    lastFlash.current = toast;
  }, [toast]);
  useEffect(() => {
    const onToast = (event: Event) => show((event as CustomEvent<Toast>).detail);
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== HOTKEY || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      region.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label={`Notifications (${HOTKEY})`}
      className="pointer-events-none fixed right-4 bottom-4 z-50 w-full max-w-sm focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      {current && <ToastCard key={current.serial} toast={current.toast} onDismiss={() => setCurrent(null)} />}
    </section>
  );
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const hydrated = useHydrated();
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest("button")) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX };
    setDragging(true);
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    // Only to the right: a drag to the left stays put.
    setOffset(Math.max(0, event.clientX - drag.current.startX));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    const moved = event.type === "pointerup" ? Math.max(0, event.clientX - drag.current.startX) : 0;
    drag.current = null;
    setDragging(false);
    if (moved >= TOAST_SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
  };

  const destructive = toast.variant === "destructive";
  return (
    <div
      role={destructive ? "alert" : "status"}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined }}
      // touch-action pan-y: a horizontal finger drag comes here as pointer events instead of scrolling the page.
      className={`pointer-events-auto relative flex touch-pan-y items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg select-none ${
        dragging ? "" : "transition-transform duration-200"
      } ${destructive ? "border-red-300 bg-red-50 text-red-900" : "border-gray-200 bg-white"}`}
      data-toast
    >
      <div>
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
      </div>
      {hydrated && (
        <Tooltip label="Dismiss notification" align="end" className="absolute top-2 right-2 inline-flex">
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Dismiss notification"
            className="flex size-7 items-center justify-center rounded-md text-lg leading-none opacity-70 hover:opacity-100 focus-visible:outline-2"
          >
            <span aria-hidden="true">×</span>
          </button>
        </Tooltip>
      )}
    </div>
  );
}
