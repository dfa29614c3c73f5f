// The SEO tab's preview panel (admin §2): what the public pages would show for the sample city with the templates
// as typed. The server renders it from the stored (or just submitted) values; with JavaScript it follows the form.
import { META_DESCRIPTION_MAX } from "~/domain/seo/seo";
import { PREVIEW_CITY, type PreviewEntry } from "~/domain/seo/seo-form";

export function SeoPreview({ entries }: { entries: PreviewEntry[] }) {
  return (
    <section
      aria-labelledby="seo-preview-heading"
      // On wide screens the panel scrolls on its own; keyboard users must be able to focus it to scroll it (axe
      // scrollable-region-focusable), which is what this rule's heuristic does not know.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto"
    >
      <h2 id="seo-preview-heading" className="text-lg font-semibold">
        Preview
      </h2>
      <p className="mt-1 text-xs text-gray-600">
        Sample data: {PREVIEW_CITY}. Descriptions are cut at {META_DESCRIPTION_MAX} characters, as on the site.
      </p>
      <ul className="mt-4 space-y-4" aria-label="Preview of public pages">
        {entries.map((entry) => (
          <li key={entry.label} aria-label={entry.label} className="border-t border-gray-100 pt-3">
            <p className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{entry.label}</p>
            <p className="mt-1 text-base font-medium text-blue-800" data-preview="title">
              {entry.title}
            </p>
            <p className="mt-0.5 text-sm text-gray-700" data-preview="description">
              {entry.description}
            </p>
            <p className="text-xs text-gray-600">
              {entry.description.length} of {META_DESCRIPTION_MAX} characters
            </p>
            {entry.heading !== undefined && (
              <div className="mt-2 rounded-md bg-gray-50 p-2">
                <p className="text-xs text-gray-600">On the page</p>
                <p className="font-semibold" data-preview="heading">
                  {entry.heading}
                </p>
                {entry.intro && (
                  <p className="text-sm text-gray-700" data-preview="intro">
                    {entry.intro}
                  </p>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
