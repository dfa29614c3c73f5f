// The filter controls' shared look and the plain controls the bar and the sheet both draw (select, search, sort).
import { SORT_LABELS, SORT_ORDERS, type SortOrder } from "~/domain/pages/sort";

export const CONTROL =
  "rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand-dark";
export const LABEL = "flex flex-col gap-1 text-xs font-semibold text-gray-700";

export function SelectFilter({
  id,
  label,
  name,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <div className={LABEL}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} className={CONTROL}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export const allOr = (values: readonly string[]) => [
  { value: "", label: "All" },
  ...values.map((v) => ({ value: v, label: v })),
];

export const SORT_OPTIONS = SORT_ORDERS.map((s) => ({ value: s, label: SORT_LABELS[s] }));

/** The search box of the bar and the sheet. */
export function SearchField({
  id,
  value,
  placeholder,
  inputRef,
  className = CONTROL,
  onChange,
  onFocus,
  onBlur,
}: {
  id: string;
  value: string;
  placeholder?: string;
  inputRef?: React.Ref<HTMLInputElement>;
  className?: string;
  onChange: (q: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
}) {
  return (
    <label htmlFor={id} className={LABEL}>
      Search
      <input
        ref={inputRef}
        id={id}
        type="search"
        name="q"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        onFocus={onFocus}
        onBlur={onBlur}
        className={className}
      />
    </label>
  );
}

/** The sort order's select, in the bar and the sheet. */
export function SortSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: SortOrder;
  onChange: (sort: SortOrder) => void;
}) {
  return (
    <SelectFilter
      id={id}
      label="Sort"
      name="sort"
      value={value}
      options={SORT_OPTIONS}
      onChange={(v) => onChange(v as SortOrder)}
    />
  );
}
