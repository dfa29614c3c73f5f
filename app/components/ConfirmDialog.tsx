// A confirmation step as a route dialog (admin deletes and bulk actions): what will happen, Cancel back to the
// list, and the confirming button, which posts the form (so it works without JavaScript).
import { Form, Link, useLocation, useNavigation } from "react-router";
import { buttonClass } from "./FormFields";
import { RouteDialog } from "./RouteDialog";

export function ConfirmDialog({
  title,
  closeTo,
  confirmLabel = "Delete",
  danger = true,
  fields = [],
  children,
}: {
  title: string;
  closeTo: string;
  confirmLabel?: string;
  danger?: boolean;
  /** Hidden fields the confirming post carries. */
  fields?: ReadonlyArray<readonly [string, string]>;
  children: React.ReactNode;
}) {
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      {children}
      <Form method="post" action={`${location.pathname}${location.search}`} className="mt-6 flex justify-end gap-2">
        {fields.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <Link to={closeTo} preventScrollReset className={buttonClass.secondary}>
          Cancel
        </Link>
        <button type="submit" disabled={busy} autoFocus className={danger ? buttonClass.danger : buttonClass.primary}>
          {confirmLabel}
        </button>
      </Form>
    </RouteDialog>
  );
}

/** The same step when the action cannot go ahead: why (read out at once), and the way back. */
export function RefusedDialog({
  title,
  closeTo,
  message,
  backLabel,
}: {
  title: string;
  closeTo: string;
  message: string;
  backLabel: string;
}) {
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <p role="alert">{message}</p>
      <div className="mt-6 flex justify-end">
        <Link to={closeTo} preventScrollReset className={buttonClass.secondary}>
          {backLabel}
        </Link>
      </div>
    </RouteDialog>
  );
}
