import { iconKind } from "~/domain/form-values";

/** An icon value shown as what it is: an image for a URL or a path, else the text (an emoji). */
export function IconPreview({
  icon,
  label,
  size = 24,
}: {
  icon: string | null | undefined;
  label: string;
  size?: number;
}) {
  const kind = iconKind(icon);
  if (kind === "none") return <span className="text-xs text-gray-500">none</span>;
  if (kind === "text")
    return (
      <span aria-label={label} role="img">
        {icon}
      </span>
    );
  return (
    <img
      src={icon!.trim()}
      alt={label}
      width={size}
      height={size}
      className="inline-block object-contain"
      style={{ width: size, height: size }}
    />
  );
}
