import { useEffect, useState } from "react";
import type { Toast } from "~/auth/session.server";

const TOAST_DURATION_MS = 5000;
const TOAST_EVENT = "app:toast";

/** Shows a toast from the browser (an action that needs no server round trip, e.g. copying to the clipboard). */
export function showToast(toast: Toast) {
  window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail: toast }));
}

/** Shows the flash toast of the last action (at most one). Server-rendered, so it reads without JavaScript. */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onToast = (event: Event) => {
      setVisible((event as CustomEvent<Toast>).detail);
      clearTimeout(timer);
      timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS);
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => {
      window.removeEventListener(TOAST_EVENT, onToast);
      clearTimeout(timer);
    };
  }, []);
  return (
    <section aria-label="Notifications (F8)" className="pointer-events-none fixed right-4 bottom-4 z-50 w-full max-w-sm">
      {visible && (
        <div
          role={visible.variant === "destructive" ? "alert" : "status"}
          className={`pointer-events-auto rounded-lg border p-4 shadow-lg ${
            visible.variant === "destructive" ? "border-red-300 bg-red-50 text-red-900" : "border-gray-200 bg-white"
          }`}
        >
          <p className="font-semibold">{visible.title}</p>
          {visible.description && <p className="mt-1 text-sm">{visible.description}</p>}
        </div>
      )}
    </section>
  );
}
