// /admin/changes — Recent changes (issue #24 'History and undo'): the latest writes across the site, newest first,
// filtered by administrator and by what changed, paginated; a bulk action or an import is one line whose rows open
// with ?batch=. An edit can be undone and a deleted row restored from here (child routes, dialogs over the list).
import { Form, Link, Outlet } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/auth/session.server";
import { buttonClass, Options, type Option } from "~/components/FormFields";
import { Pagination } from "~/components/Pagination";
import { getEntry, historyActors, recentChanges } from "~/data/history.server";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { countOf } from "~/domain/counts";
import {
  HISTORY_ENTITIES,
  HISTORY_ENTITY_LABELS,
  HISTORY_PAGE_SIZE,
  parseRecentChangesQuery,
  RECENT_CHANGES_PATH,
  recentChangesPath,
} from "~/domain/admin/history";
import { pageCount } from "~/domain/pages/pagination";
import { EntryList } from "./EntryList";
import { EntryActions } from "./EntryActions";
import { entryOffers } from "./entry-offers.server";

export function meta() {
  return [{ title: adminPageTitle("Recent changes") }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseRecentChangesQuery(new URL(request.url).searchParams);
  const [changes, actors, batch] = await Promise.all([
    recentChanges({ actor: query.actor, entity: query.entity, batchId: query.batch, page: query.page }),
    historyActors(),
    query.batch ? getEntry(query.batch) : null,
  ]);
  return { query, ...changes, actors, batch, offers: await entryOffers(changes.entries) };
}

export default function RecentChanges({ loaderData }: Route.ComponentProps) {
  const { query, entries, total, page, actors, batch, offers } = loaderData;
  return (
    <section aria-labelledby="changes-heading">
      <h1 id="changes-heading" className="text-2xl font-bold">
        {batch ? batch.label : "Recent changes"}
      </h1>
      {batch ? (
        <p className="mt-2 text-sm">
          The rows of this change, by {batch.actor}.{" "}
          <Link to={recentChangesPath()} className="underline">
            All recent changes
          </Link>
        </p>
      ) : (
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Filter changes">
          <FilterSelect label="Administrator" name="actor" value={query.actor} everyLabel="Everyone" options={actors} />
          <FilterSelect
            label="What"
            name="entity"
            value={query.entity}
            everyLabel="Everything"
            options={HISTORY_ENTITIES.map((entity) => ({ value: entity, label: HISTORY_ENTITY_LABELS[entity] }))}
          />
          <button type="submit" className={buttonClass.secondary}>
            Filter
          </button>
        </Form>
      )}
      <p className="mt-4 text-sm text-gray-600">{countOf(total, "change", "changes")}</p>
      <EntryList
        entries={entries}
        actions={(entry) => <EntryActions entry={entry} offers={offers} base={RECENT_CHANGES_PATH} />}
      />
      <Pagination
        page={page}
        pageCount={pageCount(total, HISTORY_PAGE_SIZE)}
        href={(n) => recentChangesPath({ ...query, page: n })}
        className="mt-6"
      />
      <Outlet />
    </section>
  );
}

/** One filter of the list: its first choice, `everyLabel`, is no filter. */
function FilterSelect({
  label,
  name,
  value,
  everyLabel,
  options,
}: {
  label: string;
  name: string;
  value: string | undefined;
  everyLabel: string;
  options: ReadonlyArray<Option>;
}) {
  return (
    <label className="flex flex-col text-sm">
      {label}
      <select name={name} defaultValue={value ?? ""} className="mt-1 rounded-md border border-gray-300 p-2">
        <option value="">{everyLabel}</option>
        <Options options={options} />
      </select>
    </label>
  );
}
