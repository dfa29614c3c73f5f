// The Settings tab's Scheduled Rating Refresh panel (issue #29, decision 021): on/off, the age in days a Google
// rating may reach (the policy's 30 at most), the monthly cost cap, and the schedule's state (last run, next run,
// spent this month). A plain form posted to the tab (RATING_REFRESH_ACTION), so it works without JavaScript.
import { Form } from "react-router";
import { buttonClass, controlClass } from "~/components/FormFields";
import type { RatingRefreshForm } from "~/domain/places/rating-freshness";
import type { RatingRefreshPanelData } from "./rating-refresh.server";

export const RATING_REFRESH_ACTION = "/admin/settings?form=rating-refresh";

export type RatingRefreshReply = {
  values: RatingRefreshForm;
  errors: Partial<Record<keyof RatingRefreshForm | "form", string>>;
  /** The version to save at next (the newer one after a refused save). */
  version: number | null;
};

export function RatingRefreshPanel({ data, reply }: { data: RatingRefreshPanelData; reply?: RatingRefreshReply }) {
  const values = reply?.values ?? { ...data.values, enabled: data.values.enabled ? "on" : "" };
  const errors = reply?.errors ?? {};
  const version = reply ? reply.version : data.version;
  return (
    <section
      id="rating-refresh"
      aria-labelledby="rating-refresh-title"
      className="rounded-lg border border-gray-200 bg-white p-5"
    >
      <h2 id="rating-refresh-title" className="text-lg font-semibold">
        Scheduled Rating Refresh
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        Once a day, refreshes the Google ratings older than the days below, oldest first, until the month&apos;s cost
        cap is reached (about {data.unitCost} per activity). Google&apos;s terms let a rating be kept {data.maxDays}{" "}
        days at most: public pages hide a Google rating older than that until it is refreshed.
      </p>
      {!data.configured && (
        <p role="note" className="mt-3 rounded border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm">
          {data.notConfiguredMessage}
        </p>
      )}
      <dl aria-label="Scheduled refresh state" className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Last run</dt>
        <dd data-refresh="last">
          {data.lastRun ? `${data.lastRun.at}: ${data.lastRun.progress}` : "None yet"}
          {data.lastRun?.error ? ` (${data.lastRun.error})` : ""}
        </dd>
        <dt className="font-medium">Next run</dt>
        <dd data-refresh="next">{data.nextRun}</dd>
        <dt className="font-medium">Cost so far</dt>
        <dd data-refresh="cost">
          {data.spent}
          {data.capReached ? " (cap reached)" : ""}
        </dd>
        <dt className="font-medium">Due now</dt>
        <dd data-refresh="due">{data.due.toLocaleString("en-US")} ratings</dd>
      </dl>
      <Form method="post" action={RATING_REFRESH_ACTION} preventScrollReset className="mt-4 space-y-3" noValidate>
        <input type="hidden" name="version" value={version ?? ""} />
        {errors.form && (
          <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {errors.form}
          </p>
        )}
        <div className="flex items-center gap-2">
          <input
            id="rating-refresh-enabled"
            type="checkbox"
            name="enabled"
            defaultChecked={values.enabled === "on" || values.enabled === "true"}
            key={`enabled-${version}-${values.enabled}`}
          />
          <label htmlFor="rating-refresh-enabled" className="text-sm font-medium">
            Refresh ratings on a schedule
          </label>
        </div>
        <NumberBox
          name="maxAgeDays"
          label="Refresh ratings older than (days)"
          hint={`1 to ${data.maxDays} days.`}
          value={values.maxAgeDays}
          error={errors.maxAgeDays}
          inputMode="numeric"
          resetKey={version}
        />
        <NumberBox
          name="monthlyCap"
          label="Monthly cost cap (dollars)"
          hint="The scheduled runs stop when this month's reach it."
          value={values.monthlyCap}
          error={errors.monthlyCap}
          inputMode="decimal"
          resetKey={version}
        />
        <button type="submit" className={buttonClass.primary}>
          Save Refresh Settings
        </button>
      </Form>
    </section>
  );
}

function NumberBox(props: {
  name: string;
  label: string;
  hint: string;
  value: string;
  error?: string;
  inputMode: "numeric" | "decimal";
  resetKey: number | null;
}) {
  const id = `rating-refresh-${props.name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {props.label}
      </label>
      <input
        id={id}
        key={`${props.resetKey}-${props.value}`}
        name={props.name}
        type="text"
        inputMode={props.inputMode}
        defaultValue={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${id}-hint${props.error ? ` ${id}-error` : ""}`}
        className={`${controlClass} max-w-40`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
        {props.hint}
      </p>
      {props.error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}
