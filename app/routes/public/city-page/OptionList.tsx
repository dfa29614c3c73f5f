// The lists of checkboxes (or radios) of the filter controls: the sheet's categories, level, costs and durations, and
// the tag pickers of the bar and the sheet.

/** `value` is what the form sends (a category's or tag's slug, '' for All). */
export type Option = { label: string; value: string; checked: boolean; disabled?: boolean };

/** Checkboxes, or radios when `single`, two to a row; their ids are `{idPrefix}-{name}-{label}`. */
export function OptionList({
  idPrefix,
  name,
  single = false,
  options,
  onPick,
}: {
  idPrefix: string;
  name: string;
  single?: boolean;
  options: readonly Option[];
  onPick: (option: Option) => void;
}) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-1">
      {options.map((option) => {
        const { label, value, checked, disabled } = option;
        const id = `${idPrefix}-${name}-${label.replace(/\W+/g, "-").toLowerCase()}`;
        return (
          <li key={label}>
            <label htmlFor={id} className="flex items-center gap-2 text-sm">
              <input
                id={id}
                type={single ? "radio" : "checkbox"}
                name={name}
                value={value}
                checked={checked}
                disabled={disabled}
                onChange={() => onPick(option)}
                className="accent-black"
              />
              {label}
            </label>
          </li>
        );
      })}
    </ul>
  );
}

/** A list of options under its legend, as the sheet shows every list. */
export function OptionFieldset({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}
