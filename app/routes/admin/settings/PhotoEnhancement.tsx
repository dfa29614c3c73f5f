// The Settings tab's Google Places Integration panel (admin §2 'Settings tab'): give it the loader's
// googlePlacesPanelData() (./google-places-panel.server.ts). It only reports; the paid actions are on the
// Activities tab, each behind its cost (§9).
import { Link } from "react-router";
import type { GooglePlacesPanelData } from "./google-places-panel.server";

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
