// The parts every admin list tab shares (admin §2 "Cities tab", "Tags tab", "Categories tab"): the heading with
// its Add link, the empty state, and each row's History, Edit and Delete links (Edit and Delete open the tab's
// dialogs).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "./FormFields";

export function TabHeading({
  id,
  title,
  addLabel,
  addTo,
}: {
  id: string;
  title: string;
  addLabel: string;
  addTo: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1 id={id} className="text-2xl font-bold">
        {title}
      </h1>
      <Link to={addTo} preventScrollReset className={buttonClass.brand}>
        {addLabel}
      </Link>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="mt-10 rounded-lg border border-dashed border-gray-300 p-10 text-center text-gray-600">{children}</p>
  );
}

/**
 * History, Edit and Delete of one row, named after it for screen readers; `children` go first (e.g. a view link).
 */
export function RowActions({
  name,
  historyTo,
  editTo,
  deleteTo,
  className = "flex gap-2",
  children,
}: {
  name: string;
  historyTo: string;
  editTo: string;
  deleteTo: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      {children}
      <Link to={historyTo} className={buttonClass.small} aria-label={`History of ${name}`}>
        History
      </Link>
      <Link to={editTo} preventScrollReset className={buttonClass.small} aria-label={`Edit ${name}`}>
        Edit
      </Link>
      <Link to={deleteTo} preventScrollReset className={buttonClass.smallDanger} aria-label={`Delete ${name}`}>
        Delete
      </Link>
    </div>
  );
}
