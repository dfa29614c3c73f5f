import type { Filters } from "~/domain/pages/filters";
import { tagFilterSlug } from "~/domain/taxonomy/slug";
import { OptionFieldset, OptionList } from "./OptionList";
import { CONTROL } from "./SelectFilter";

/** The tag checkboxes with the any/all choice once two are ticked: a dropdown in the bar, open in the sheet. */
export function TagPicker({
  idPrefix,
  tags,
  draft,
  fixedTag,
  onToggle,
  onMode,
  open = false,
}: {
  idPrefix: string;
  tags: string[];
  draft: Pick<Filters, "tags" | "tagMode">;
  fixedTag: string | undefined;
  onToggle: (name: string) => void;
  onMode: (mode: Filters["tagMode"]) => void;
  open?: boolean;
}) {
  const list = (
    <>
      <OptionList
        idPrefix={idPrefix}
        name="tag"
        options={tags.map((t) => ({
          label: t,
          value: tagFilterSlug(t),
          checked: draft.tags.includes(t),
          disabled: t === fixedTag,
        }))}
        onPick={(o) => onToggle(o.label)}
      />
      {draft.tags.length > 1 && (
        <fieldset className="mt-3 flex items-center gap-3 text-sm">
          <legend className="mb-1 text-xs font-semibold text-gray-700">Match</legend>
          {(["or", "and"] as const).map((mode) => (
            <label key={mode} htmlFor={`${idPrefix}-tagmode-${mode}`} className="flex items-center gap-1">
              <input
                id={`${idPrefix}-tagmode-${mode}`}
                type="radio"
                name="tagMode"
                value={mode}
                checked={draft.tagMode === mode}
                onChange={() => onMode(mode)}
                className="accent-black"
              />
              {mode === "or" ? "Any tag (OR)" : "All tags (AND)"}
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
  if (open) {
    return <OptionFieldset legend="Tags">{list}</OptionFieldset>;
  }
  return (
    <details className="relative">
      <summary className={`${CONTROL} cursor-pointer list-none`}>
        Tags{draft.tags.length > 0 ? ` (${draft.tags.length})` : ""}
      </summary>
      <div className="absolute z-20 mt-1 w-72 rounded-md border border-gray-200 bg-white p-3 shadow-lg">{list}</div>
    </details>
  );
}
