import { useRef } from "react";
import { useHydrated } from "~/components/hydrated";
import { Tooltip } from "~/components/Tooltip";
import { ALL_CATEGORIES } from "~/domain/pages/filters";
import { categorySlug } from "~/domain/taxonomy/slug";
import type { CityPageData } from "./loader.server";

// The arrows show from 768px, like the buttons inside.
const ARROW_TIP = "relative hidden shrink-0 md:flex";

/**
 * The category chips: 'All' and one checkbox per category, scrolled sideways by the arrows (200px a click, spec
 * §2). A category page's own category is ticked and cannot be unticked.
 */
export function CategoryStrip({
  categories,
  selected,
  fixedCategory,
  onToggle,
}: {
  categories: CityPageData["categories"];
  selected: string[];
  fixedCategory: string | undefined;
  onToggle: (name: string) => void;
}) {
  const hydrated = useHydrated();
  const strip = useRef<HTMLDivElement>(null);
  const scroll = (by: number) => strip.current?.scrollBy({ left: by, behavior: "smooth" });
  const allSelected = selected.length === 0 || (fixedCategory !== undefined && selected.length === 1);
  // Chips are styled by .category-chip in app.css: from :checked and aria-pressed, so they look right before
  // (or without) JavaScript too.
  const arrow =
    "hidden size-9 shrink-0 items-center justify-center rounded-full border border-gray-300 bg-white text-xl leading-none hover:border-gray-500 focus-visible:outline-2 md:flex";
  return (
    <fieldset className="flex min-w-0 items-center gap-2">
      <legend className="sr-only">Categories</legend>
      {hydrated && (
        <Tooltip label="Scroll categories left" align="start" className={ARROW_TIP}>
          <button type="button" className={arrow} onClick={() => scroll(-200)} aria-label="Scroll categories left">
            <span aria-hidden="true">‹</span>
          </button>
        </Tooltip>
      )}
      <div ref={strip} className="flex min-w-0 flex-1 gap-2 overflow-x-auto py-1 [scrollbar-width:thin]">
        {/* 'All' is exclusive: as a submit button it sends category=All, which clears the others. */}
        <button
          type="submit"
          name="category"
          value={ALL_CATEGORIES}
          aria-pressed={allSelected}
          onClick={(e) => {
            if (!hydrated) return;
            e.preventDefault();
            onToggle(ALL_CATEGORIES);
          }}
          className="category-chip"
        >
          {ALL_CATEGORIES}
        </button>
        {categories.map((c) => {
          const isFixed = c.name === fixedCategory;
          const on = selected.includes(c.name);
          const id = `category-${c.name.replace(/\W+/g, "-").toLowerCase()}`;
          return (
            <label key={c.name} htmlFor={id} className="category-chip">
              <input
                id={id}
                type="checkbox"
                name="category"
                value={categorySlug(c.name)}
                checked={on}
                disabled={isFixed}
                onChange={() => onToggle(c.name)}
                className="sr-only"
              />
              {/* Lazy: React would otherwise preload every chip's icon ahead of the page's stylesheet and first photo. */}
              {c.filterIcon && <img src={c.filterIcon} alt="" width={18} height={18} loading="lazy" />}
              {c.name}
            </label>
          );
        })}
      </div>
      {hydrated && (
        <Tooltip label="Scroll categories right" align="end" className={ARROW_TIP}>
          <button type="button" className={arrow} onClick={() => scroll(200)} aria-label="Scroll categories right">
            <span aria-hidden="true">›</span>
          </button>
        </Tooltip>
      )}
    </fieldset>
  );
}
