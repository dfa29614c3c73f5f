// A dialog that is a route (ARCHITECTURE "Dialogs are routes"): with JavaScript a modal <dialog> over the
// page behind it, closed by Escape or Cancel by navigating back; without JavaScript a plain page.
import { useEffect, useId, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { useHydrated } from "./hydrated";

export function RouteDialog({
  title,
  closeTo,
  children,
  wide = false,
}: {
  title: string;
  /** The URL of the page behind the dialog, query included. */
  closeTo: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The link that opened the dialog gets focus back when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Rendered open (so it shows without scripts); reopen as a modal to trap focus and block the page.
    if (dialog.open) dialog.close();
    dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        navigate(closeTo, { preventScrollReset: true });
      }}
      className={
        hydrated
          ? `m-auto max-h-[90vh] w-[calc(100%-2rem)] ${wide ? "max-w-3xl" : "max-w-lg"} overflow-y-auto rounded-lg bg-white p-6 shadow-xl backdrop:bg-black/50`
          : "static mx-auto w-full max-w-3xl rounded-lg border border-gray-200 bg-white p-6"
      }
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        <Link
          to={closeTo}
          preventScrollReset
          className="rounded-md px-2 text-2xl leading-none text-gray-500 hover:text-black"
        >
          <span aria-hidden="true">×</span>
          <span className="sr-only">Close</span>
        </Link>
      </div>
      {children}
    </dialog>
  );
}
