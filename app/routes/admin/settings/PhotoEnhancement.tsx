// The Settings tab's Photo Enhancement System and Google Places Integration panel (admin §2 'Settings tab').
// The system: the hybrid photo toggle (enabling through its cost confirmation, ./hybrid-enable.tsx), Test Single
// Activity and Bulk Enhance (./bulk-enhance.tsx), each a form or a link, so they work without JavaScript. The panel
// (googlePlacesPanelData(), ./google-places-panel.server.ts) only reports; the per-card paid actions are on the
// Activities tab, each behind its cost (§9).
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/FormFields";
import type { GooglePlacesPanelData } from "./google-places-panel.server";
import type { PhotoEnhancementData } from "./photo-enhancement.server";

export const PHOTO_ENHANCEMENT_PATHS = {
  enable: "/admin/settings/hybrid-photos/enable",
  disable: "/admin/settings/hybrid-photos/disable",
  test: "/admin/settings/hybrid-photos/test",
  bulk: "/admin/settings/bulk-enhance",
} as const;

export function PhotoEnhancementSystem({ data }: { data: PhotoEnhancementData }) {
  const { configured, enabled } = data;
  return (
    <section aria-labelledby="photo-enhancement-title" className="rounded-lg border border-gray-200 bg-white p-5">
      <h2 id="photo-enhancement-title" className="text-lg font-semibold">
        Photo Enhancement System
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        Hybrid photos: each activity keeps its own photo (its custom photo or image) and gets its Google photos fetched
        beside it; a custom photo stays the one shown, otherwise visitors see the first Google photo.
      </p>
      {!configured && (
        <p role="note" className="mt-3 rounded border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm">
          {data.notConfiguredMessage}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <p className="text-sm">
          Hybrid photos:{" "}
          <strong data-hybrid-state className={enabled ? "text-green-700" : "text-gray-700"}>
            {enabled ? "Enabled" : "Disabled"}
          </strong>
        </p>
        {enabled ? (
          <Form method="post" action={PHOTO_ENHANCEMENT_PATHS.disable}>
            <input type="hidden" name="version" value={data.version ?? ""} />
            <button type="submit" className={buttonClass.secondary}>
              Disable Hybrid Photos
            </button>
          </Form>
        ) : (
          configured && (
            <Link to={PHOTO_ENHANCEMENT_PATHS.enable} preventScrollReset className={buttonClass.primary}>
              Enable Hybrid Photos
            </Link>
          )
        )}
      </div>
      <p className="mt-2 text-sm text-gray-700">{data.yearlyCost}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" action={PHOTO_ENHANCEMENT_PATHS.test} preventScrollReset>
          <button type="submit" className={buttonClass.secondary}>
            Test Single Activity
          </button>
        </Form>
        {configured && (
          <Link to={PHOTO_ENHANCEMENT_PATHS.bulk} preventScrollReset className={buttonClass.brand}>
            Bulk Enhance
          </Link>
        )}
      </div>
      <p className="mt-2 text-sm text-gray-700">
        Test Single Activity fetches the Google photos of the first activity without any.
        {configured &&
          ` Bulk Enhance fetches them for all ${data.withoutPhotos.toLocaleString("en-US")} activities without Google photos. ${data.bulkCost}`}
      </p>
    </section>
  );
}

export function GooglePlacesPanel({ data }: { data: GooglePlacesPanelData }) {
  const { counts } = data;
  return (
    <section aria-labelledby="google-places-title" className="rounded-lg border border-gray-200 bg-white p-5">
      <h2 id="google-places-title" className="text-lg font-semibold">
        Google Places Integration
      </h2>
      {data.configured ? (
        <p className="mt-2 text-sm">
          <span className="font-medium text-green-700">Configured</span> — Google Places API (New) at{" "}
          <code className="break-all">{data.endpoint}</code>.
        </p>
      ) : (
        <p role="note" className="mt-2 rounded border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm">
          {data.notConfiguredMessage}
        </p>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {[
          ["Activities", counts.total],
          ["Matched to a place", counts.withPlace],
          ["With a Google rating", counts.rated],
          ["With Google photos", counts.withPhotos],
        ].map(([label, value]) => (
          <div key={label} className="rounded border border-gray-200 p-3">
            <dt className="text-xs text-gray-600">{label}</dt>
            <dd className="text-lg font-semibold">{Number(value).toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-gray-700">
        Fetching photos costs about {data.photoCost} per activity. Each call asks only for the fields it uses: ratings{" "}
        <code className="break-all">{data.fieldMasks.rating}</code>, photos{" "}
        <code className="break-all">{data.fieldMasks.photos}</code>.
      </p>
      {data.jobs.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm">
          {data.jobs.map((job) => (
            <li key={job.id}>
              <span className="font-medium">{job.label}:</span> {job.progress}
              {job.error ? ` — ${job.error}` : ""}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-sm">
        <Link to="/admin/activities" className="underline">
          Fetch ratings and photos on the Activities tab
        </Link>
      </p>
    </section>
  );
}
