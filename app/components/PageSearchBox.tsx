// The search box of a results page (Search, Explore Cities): a label for screen readers, the box, which shows the
// label as its placeholder, and its Search button. The page's form holds it.
import type { InputHTMLAttributes, Ref } from "react";

export function PageSearchBox({
  id,
  label,
  inputRef,
  ...input
}: {
  id: string;
  label: string;
  inputRef?: Ref<HTMLInputElement>;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "onChange">) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        name="q"
        {...input}
        placeholder={label}
        className="min-w-0 flex-1 rounded-md border border-gray-300 px-3 py-2 focus:border-black focus:outline-none focus-visible:ring-2 focus-visible:ring-brand"
      />
      <button type="submit" className="rounded-md bg-black px-4 py-2 font-semibold text-white focus-visible:outline-2">
        Search
      </button>
    </>
  );
}
