// Tag colours (the Tag table's colour names) as Tailwind classes; Tailwind needs whole class names in the source.
const TAG_COLOR_CLASSES: Record<string, string> = {
  purple: "bg-purple-100 text-purple-900",
  blue: "bg-blue-100 text-blue-900",
  green: "bg-green-100 text-green-900",
  yellow: "bg-yellow-100 text-yellow-900",
  red: "bg-red-100 text-red-900",
  pink: "bg-pink-100 text-pink-900",
  orange: "bg-orange-100 text-orange-900",
  gray: "bg-gray-100 text-gray-900",
};

export function tagColorClass(color: string): string {
  return Object.hasOwn(TAG_COLOR_CLASSES, color) ? TAG_COLOR_CLASSES[color] : TAG_COLOR_CLASSES.gray;
}
