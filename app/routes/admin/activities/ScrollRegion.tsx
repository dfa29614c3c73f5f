import type { ReactNode } from "react";

/** A table's box that scrolls, focusable so that a keyboard can scroll it (axe 'scrollable-region-focusable'). */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`max-h-64 overflow-auto rounded border ${className}`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a keyboard must reach it to scroll
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </div>
  );
}

/** A table's header row: one column heading a name. */
export function ColumnHeadings({ names, className }: { names: readonly string[]; className: string }) {
  return (
    <thead className={className}>
      <tr>
        {names.map((name, i) => (
          <th key={i} scope="col" className="px-2 py-1 whitespace-nowrap">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
