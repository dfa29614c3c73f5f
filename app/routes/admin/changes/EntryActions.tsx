// An entry's buttons: Undo of an edit, Restore of a deleted row; each opens its confirmation (a dialog with
// JavaScript, a page without) as a child route of the page showing the entry.
import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/FormFields";
import type { ShownEntry } from "./EntryList";
import type { EntryOffers } from "./entry-offers.server";

export function EntryActions({ entry, offers, base }: { entry: ShownEntry; offers: EntryOffers; base: string }) {
  const { search } = useLocation();
  return (
    <>
      {offers.undo.includes(entry.id) && (
        <Link
          to={`${base}/undo/${entry.id}${search}`}
          preventScrollReset
          className={buttonClass.small}
          aria-label={`Undo this change of ${entry.label}`}
        >
          Undo
        </Link>
      )}
      {offers.restore.includes(entry.id) && (
        <Link
          to={`${base}/restore/${entry.id}${search}`}
          preventScrollReset
          className={buttonClass.small}
          aria-label={`Restore ${entry.label}`}
        >
          Restore
        </Link>
      )}
    </>
  );
}
