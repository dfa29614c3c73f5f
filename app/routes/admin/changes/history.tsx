// /admin/history/:entity/:entityId — the History of one activity, city, tag or category (issue #24): its entries,
// newest first, who, when and a readable diff; an edit can be undone from here (a child route, a dialog).
import { Link, Outlet } from "react-router";
import type { Route } from "./+types/history";
import { requireAdmin } from "~/auth/session.server";
import { Pagination } from "~/components/Pagination";
import { entityHistory } from "~/data/history.server";
import { adminPageTitle } from "~/domain/admin/admin-user";
import {
  HISTORY_ENTITIES,
  HISTORY_ENTITY_LABELS,
  HISTORY_PAGE_SIZE,
  historyPath,
  parseRecentChangesQuery,
  recentChangesPath,
  type HistoryEntity,
} from "~/domain/admin/history";
import { pageCount } from "~/domain/pages/pagination";
import { EntryList } from "./EntryList";
import { EntryActions } from "./EntryActions";
import { entryOffers } from "./entry-offers.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const entity = params.entity as HistoryEntity;
  if (!(HISTORY_ENTITIES as readonly string[]).includes(entity) || params.entityId.length > 200) {
    throw new Response("Not Found", { status: 404 });
  }
  const { page } = parseRecentChangesQuery(new URL(request.url).searchParams);
  const history = await entityHistory(entity, params.entityId, page);
  const label = history.entries[0]?.label || params.entityId;
  return { entity, entityId: params.entityId, label, ...history, offers: await entryOffers(history.entries) };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: adminPageTitle(data ? `History of ${data.label}` : "History") }];
}

export default function History({ loaderData }: Route.ComponentProps) {
  const { entity, entityId, label, entries, total, page, offers } = loaderData;
  return (
    <section aria-labelledby="history-heading">
      <p className="text-sm">
        <Link to={recentChangesPath()} className="underline">
          Recent changes
        </Link>
      </p>
      <h1 id="history-heading" className="mt-2 text-2xl font-bold">
        History of {HISTORY_ENTITY_LABELS[entity].toLowerCase()} “{label}”
      </h1>
      <EntryList
        entries={entries}
        showSubject={false}
        actions={(entry) => <EntryActions entry={entry} offers={offers} base={historyPath(entity, entityId)} />}
      />
      <Pagination
        page={page}
        pageCount={pageCount(total, HISTORY_PAGE_SIZE)}
        href={(n) => `${historyPath(entity, entityId)}${n > 1 ? `?page=${n}` : ""}`}
        className="mt-6"
      />
      <Outlet />
    </section>
  );
}
