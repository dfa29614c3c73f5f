// The name of an icon-only control, shown on hover and on keyboard focus (public-site §4 "Other", §9 timings):
// a hover opens it after 700 ms; once one tooltip has been shown, the next opens at once if reached within
// 300 ms of the last closing, so moving along a row of icons does not wait each time.
import { cloneElement, useEffect, useId, useRef, useState, type PointerEvent, type ReactElement } from "react";

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// When the last tooltip on the page closed; shared by all of them for the skip delay.
let lastClosedAt = Number.NEGATIVE_INFINITY;

const ALIGN = {
  start: "left-0",
  center: "left-1/2 -translate-x-1/2",
  end: "right-0",
} as const;

/**
 * Wraps one focusable control. `className` places the wrapper (it must be positioned: 'relative' by default);
 * `align` keeps the tip inside the page for controls at its edges.
 */
export function Tooltip({
  label,
  children,
  align = "center",
  className = "relative inline-flex",
}: {
  label: string;
  children: ReactElement<{ "aria-describedby"?: string }>;
  align?: keyof typeof ALIGN;
  className?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const isOpen = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = () => {
    clearTimeout(timer.current);
    isOpen.current = true;
    setOpen(true);
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (isOpen.current) lastClosedAt = performance.now();
    isOpen.current = false;
    setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);
  useEffect(() => () => hide(), []);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === "touch") return; // a tap is a press, not a hover
    clearTimeout(timer.current);
    if (performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) show();
    else timer.current = setTimeout(show, TOOLTIP_DELAY_MS);
  };

  const describedBy =
    [children.props["aria-describedby"], open ? id : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <span
      className={className}
      onPointerEnter={onPointerEnter}
      onPointerLeave={hide}
      onPointerDown={hide}
      // Keyboard focus shows it at once; focus from a click does not (the pointer is already there).
      onFocus={(event) => {
        if ((event.target as Element).matches(":focus-visible")) show();
      }}
      onBlur={hide}
    >
      {cloneElement(children, { "aria-describedby": describedBy })}
      {open && (
        <span
          role="tooltip"
          id={id}
          className={`pointer-events-none absolute top-full z-50 mt-1.5 rounded bg-gray-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-white shadow ${ALIGN[align]}`}
        >
          {label}
        </span>
      )}
    </span>
  );
}
