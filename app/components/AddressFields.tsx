// Labelled controls of a list's state in the address (the admin lists' GET filter forms). Each is keyed by its
// value, so after back and forward it shows the address's choice, and one the last navigation did not change keeps
// what was chosen meanwhile.
import type { ReactNode } from "react";
import { Options, type Option } from "./FormFields";

function Labelled({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

export function AddressSelect({
  id,
  name,
  value,
  onChange,
  label,
  options,
  children,
  className,
  selectClassName,
}: {
  id: string;
  name: string;
  value: string | number;
  onChange?: (event: React.ChangeEvent<HTMLSelectElement>) => void;
  label: string;
  /** The choices after `children` (e.g. an 'All' choice). */
  options: ReadonlyArray<Option>;
  children?: ReactNode;
  className?: string;
  selectClassName: string;
}) {
  return (
    <Labelled id={id} label={label} className={className}>
      <select key={value} id={id} name={name} defaultValue={value} onChange={onChange} className={selectClassName}>
        {children}
        <Options options={options} />
      </select>
    </Labelled>
  );
}

/** A number box, empty for no bound; `min`, `max`, `step` and the like go to the input. */
export function AddressNumber({
  id,
  name,
  value,
  label,
  className,
  inputClassName,
  ...input
}: {
  id: string;
  name: string;
  value: number | "";
  label: string;
  className?: string;
  inputClassName: string;
} & Pick<React.InputHTMLAttributes<HTMLInputElement>, "min" | "max" | "step" | "placeholder">) {
  return (
    <Labelled id={id} label={label} className={className}>
      <input
        key={`${name}-${value}`}
        id={id}
        type="number"
        name={name}
        {...input}
        defaultValue={value}
        className={inputClassName}
      />
    </Labelled>
  );
}
