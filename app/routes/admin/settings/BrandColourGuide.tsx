// The brand colour guide (spec/admin.md §2 "Settings tab": informational only; black and orange #F9AF24). The
// values are the theme's (app/app.css @theme).
import { BRAND_COLOR } from "~/domain/constants";

const PALETTE = [
  { name: "Black", hex: "#000000", use: "Primary buttons, headings" },
  { name: "Ink", hex: "#111111", use: "Body text" },
  { name: "Brand orange", hex: BRAND_COLOR, use: "Accents, active tabs, Add buttons, focus rings" },
  { name: "Brand orange, dark", hex: "#B97900", use: "Hover on orange" },
  { name: "White", hex: "#FFFFFF", use: "Cards and page backgrounds" },
] as const;

export function BrandColourGuide() {
  return (
    <section
      aria-labelledby="brand-colours-heading"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id="brand-colours-heading" className="text-lg font-semibold">
        Brand colour guide
      </h2>
      <p className="mt-1 text-sm text-gray-700">For reference when writing page content and scripts.</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Brand colours">
        {PALETTE.map((colour) => (
          <li key={colour.name} className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="h-10 w-10 shrink-0 rounded-md border border-gray-300"
              style={{ backgroundColor: colour.hex }}
            />
            <span className="text-sm">
              <span className="block font-medium">{colour.name}</span>
              <code className="text-gray-700">{colour.hex}</code>
              <span className="block text-xs text-gray-600">{colour.use}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
