// POST /admin/settings?form=rating-refresh — saves the Scheduled Rating Refresh panel (./RatingRefresh.tsx): the
// tab again with the typed values and the messages when refused (400 for bad values, 409 when someone else saved
// meanwhile: nothing written, the newer version carried so saving again goes through), else back with a toast.
import { data } from "react-router";
import { redirectWithToast } from "~/auth/toast.server";
import { saveRatingRefreshSettings } from "~/data/rating-refresh.server";
import { parseRatingRefreshForm, type RatingRefreshForm } from "~/domain/places/rating-freshness";
import { postedVersion } from "~/domain/admin/row-version";
import { readForm } from "../form-action.server";
import type { RatingRefreshReply } from "./RatingRefresh";

export const RATING_REFRESH_SAVED = { title: "Refresh settings saved" } as const;

export async function ratingRefreshAction(request: Request, admin: { email: string }) {
  const form = await readForm(request);
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, 50) : "";
  };
  const values: RatingRefreshForm = {
    enabled: text("enabled"),
    maxAgeDays: text("maxAgeDays"),
    monthlyCap: text("monthlyCap"),
  };
  const version = postedVersion(form.get("version"));
  const parsed = parseRatingRefreshForm(values);
  if (!parsed.ok) {
    return data(
      { ratingRefresh: { values, errors: parsed.errors, version } satisfies RatingRefreshReply },
      { status: 400 },
    );
  }
  const saved = await saveRatingRefreshSettings(parsed.value, { by: admin.email, version });
  if (!saved.ok) {
    const reply: RatingRefreshReply = { values, errors: { form: saved.message }, version: saved.current.version };
    return data({ ratingRefresh: reply }, { status: 409 });
  }
  return redirectWithToast(request, "/admin/settings", RATING_REFRESH_SAVED);
}
