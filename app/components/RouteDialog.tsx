// A dialog that is a route (/admin/cities/new …): a modal with JavaScript, a full-screen panel without.
// The server renders it open; once hydrated it reopens as a real modal (focus trap, Escape, backdrop), and
// closing it in any way navigates back to the list URL.
import { useEffect, useId, useRef } from "react";
import { Link, useNavigate } from "react-router";

export function RouteDialog({
  title,
  backTo,
  children,
  size = "md",
}: {
  title: string;
  /** The list URL the dialog returns to. */
  backTo: string;
  children: React.ReactNode;
  size?: "md" | "lg";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Rendered open but not modal on the server; the queued close event of this close() finds it open
    // again and is ignored below.
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    if (!dialog.open) dialog.showModal();
    const onClose = () => {
      if (!dialog.open) navigate(backTo, { preventScrollReset: true });
    };
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [backTo, navigate]);

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      className="fixed inset-0 z-40 m-0 h-full max-h-none w-full max-w-none overflow-y-auto bg-black/40 p-0 backdrop:bg-black/40 open:flex open:items-start open:justify-center sm:p-8 [&:modal]:bg-transparent"
    >
      <div className={`w-full rounded-none bg-white p-6 shadow-xl sm:rounded-xl ${size === "lg" ? "sm:max-w-3xl" : "sm:max-w-lg"}`}>
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <Link to={backTo} preventScrollReset className="rounded-md px-2 py-1 text-gray-500 hover:bg-gray-100" aria-label="Close">
            ✕
          </Link>
        </div>
        {children}
      </div>
    </dialog>
  );
}
