import { useEffect, useState } from "react";
import type { Toast } from "~/auth/session.server";

const TOAST_DURATION_MS = 5000;

/** Shows the flash toast of the last action (at most one). Server-rendered, so it reads without JavaScript. */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);
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
