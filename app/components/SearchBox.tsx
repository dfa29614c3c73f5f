// The header search (public-site §2 "Search", §4 "Other", §5 "Search"). Without JavaScript it is a GET form to
// /search. With JavaScript it suggests cities and activities as you type (a combobox: arrows, Enter, Escape),
// and under 768px focusing it opens the full-screen 'Search Cities & Activities' dialog.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import type { SearchSuggestions } from "~/domain/pages/search";
import { MOBILE_BREAKPOINT } from "~/domain/constants";
import { requestErrorMessage } from "~/domain/errors";
import { noResultsMessage, SEARCH_LIMITS } from "~/domain/pages/search";
import { withSearchParams } from "~/domain/http/urls";
import { useTextTypedBeforeHydration } from "./hydrated";

/** Where the box sits: the city activities page shows more suggestions. */
export type SearchContext = "default" | "city";

const LIMITS: Record<SearchContext, { dropdown: number; overlay: number }> = {
  default: { dropdown: SEARCH_LIMITS.dropdown.cities, overlay: SEARCH_LIMITS.mobileOverlay },
  city: { dropdown: SEARCH_LIMITS.cityPageDropdown, overlay: SEARCH_LIMITS.cityPageOverlay },
};

const DEBOUNCE_MS = 200;
const REOPEN_GUARD_MS = 300;

export function SearchBox({
  context = "default",
  defaultValue = "",
}: {
  context?: SearchContext;
  defaultValue?: string;
}) {
  const limits = LIMITS[context];
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [text, setText] = useState(defaultValue);
  // Closing the dialog gives focus back to the header box, which must not open the dialog again at once.
  const closedAt = useRef(0);
  const titleId = useId();

  function openOverlay() {
    if (dialogRef.current?.open || performance.now() - closedAt.current < REOPEN_GUARD_MS) return;
    if (!window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`).matches) return;
    dialogRef.current?.showModal();
    setOverlayOpen(true);
  }

  // Focus comes back to the header box during close(), before the close event: note the time first.
  function closeOverlay() {
    closedAt.current = performance.now();
    dialogRef.current?.close();
  }

  return (
    <>
      <SearchCombobox
        limit={limits.dropdown}
        value={text}
        onValueChange={setText}
        onInputActivate={openOverlay}
        enabled={!overlayOpen}
        className="w-full md:max-w-md"
      />
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        onCancel={() => {
          closedAt.current = performance.now();
        }}
        onClose={() => {
          closedAt.current = performance.now();
          setOverlayOpen(false);
        }}
        className="m-0 h-dvh max-h-none w-full max-w-none bg-white p-0 backdrop:bg-black/40"
      >
        <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
          <h2 id={titleId} className="text-lg font-bold">
            Search Cities &amp; Activities
          </h2>
          <button
            type="button"
            onClick={closeOverlay}
            className="rounded-md px-3 py-1.5 text-sm font-semibold hover:bg-gray-100 focus-visible:outline-2"
          >
            Close
          </button>
        </div>
        {overlayOpen && (
          <div className="p-4">
            <SearchCombobox
              limit={limits.overlay}
              value={text}
              onValueChange={setText}
              autoFocus
              inline
              onNavigate={closeOverlay}
              onEscape={closeOverlay}
            />
          </div>
        )}
      </dialog>
    </>
  );
}

type Option = { key: string; href: string; label: string; detail: string };

/** The form, its box and the suggestion list; `inline` lists suggestions in the flow (the dialog) instead of a dropdown. */
function SearchCombobox({
  limit,
  value,
  onValueChange,
  onInputActivate,
  onNavigate,
  onEscape,
  autoFocus = false,
  inline = false,
  enabled = true,
  className = "",
}: {
  limit: number;
  value: string;
  onValueChange: (v: string) => void;
  /** Focus or a tap on the box (the header box opens the overlay on small screens). */
  onInputActivate?: () => void;
  onNavigate?: () => void;
  onEscape?: () => void;
  autoFocus?: boolean;
  inline?: boolean;
  /** Off while the overlay has the search, so the hidden header box does not fetch too. */
  enabled?: boolean;
  className?: string;
}) {
  const id = useId();
  const [data, setData] = useState<SearchSuggestions>();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = value.trim();
  const inputRef = useRef<HTMLInputElement>(null);

  useTextTypedBeforeHydration(inputRef, value, (typed) => {
    onValueChange(typed);
    if (document.activeElement === inputRef.current) setOpen(true);
  });

  // Clearing the box resets the list; an answer for older text is dropped (aborted or ignored).
  useEffect(() => {
    setData(undefined);
    if (query === "" || !enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(withSearchParams("/api/search", { q: query, limit: String(limit) }), {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        if (!response.ok)
          throw new Error(requestErrorMessage(response.status, response.statusText, await response.text()));
        setData((await response.json()) as SearchSuggestions);
      } catch (error) {
        if (!controller.signal.aborted) console.error(error instanceof Error ? error.message : error);
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, limit, enabled]);
  const cities: Option[] = (data?.cities ?? []).map((c) => ({
    key: `city-${c.id}`,
    href: c.href,
    label: c.displayName,
    detail: c.state,
  }));
  const activities: Option[] = (data?.activities ?? []).map((a) => ({
    key: `activity-${a.id}`,
    href: a.href,
    label: a.title,
    detail: `${a.category} · ${a.cityName}`,
  }));
  const options = [...cities, ...activities];
  // An empty box closes the list in the same render, before the effect drops the old answer.
  const expanded = (inline || open) && data !== undefined && query !== "";
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  function choose(option: Option) {
    setOpen(false);
    onNavigate?.();
    navigate(option.href);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (options.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const count = options.length;
      const down = e.key === "ArrowDown";
      setActive((i) => (down ? (i + 1 >= count ? 0 : i + 1) : i - 1 < 0 ? count - 1 : i - 1));
    } else if (e.key === "Enter" && expanded && active >= 0 && options[active]) {
      e.preventDefault();
      choose(options[active]);
    } else if (e.key === "Escape" && inline && onEscape) {
      // A search box would only clear its text; in the overlay Escape closes the dialog.
      e.preventDefault();
      onEscape();
    } else if (e.key === "Escape" && !inline && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  function renderGroup(label: string, list: Option[], offset: number) {
    if (list.length === 0) return null;
    const headingId = `${id}-${label}`;
    return (
      <div role="group" aria-labelledby={headingId}>
        <div
          id={headingId}
          role="presentation"
          className="px-3 pt-3 pb-1 text-xs font-bold tracking-wide text-gray-600 uppercase"
        >
          {label}
        </div>
        {list.map((option, i) => {
          const index = offset + i;
          return (
            // The combobox pattern: focus stays in the box, which moves the active option with the arrow keys and
            // chooses it with Enter (aria-activedescendant); a click is the pointer's way to the same choice.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
            <div
              key={option.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
              onMouseEnter={() => setActive(index)}
              className={`cursor-pointer px-3 py-2 ${index === active ? "bg-brand/20" : "hover:bg-gray-50"}`}
            >
              <span className="block font-medium">{option.label}</span>
              <span className="block text-xs text-gray-600">{option.detail}</span>
            </div>
          );
        })}
      </div>
    );
  }

  return (
    <form
      method="get"
      action="/search"
      role="search"
      aria-label={inline ? "Search cities and activities" : "Site search"}
      className={`relative ${className}`}
      onSubmit={() => onNavigate?.()}
    >
      <label htmlFor={`${id}-q`} className="sr-only">
        Search cities and activities
      </label>
      <div className="flex">
        <input
          ref={inputRef}
          id={`${id}-q`}
          type="search"
          name="q"
          value={value}
          autoComplete="off"
          autoFocus={autoFocus}
          placeholder="Search cities and activities"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          onChange={(e) => {
            onValueChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            setOpen(true);
            onInputActivate?.();
          }}
          onClick={() => onInputActivate?.()}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="min-w-0 flex-1 rounded-l-md border border-gray-300 px-3 py-2 text-sm focus:border-black focus:outline-none focus-visible:ring-2 focus-visible:ring-brand"
        />
        <button
          type="submit"
          className="rounded-r-md border border-l-0 border-black bg-black px-3 py-2 text-sm font-semibold text-white focus-visible:outline-2"
        >
          Search
        </button>
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        className={
          inline
            ? "mt-3"
            : "absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] overflow-auto rounded-md border border-gray-200 bg-white shadow-lg"
        }
      >
        {renderGroup("Cities", cities, 0)}
        {renderGroup("Activities", activities, cities.length)}
      </div>
      {expanded && options.length === 0 && (
        <p
          role="status"
          className={
            inline
              ? "mt-3 text-gray-600"
              : "absolute top-full right-0 left-0 z-50 mt-1 rounded-md border border-gray-200 bg-white px-3 py-3 text-sm text-gray-600 shadow-lg"
          }
        >
          {noResultsMessage(query)}
        </p>
      )}
    </form>
  );
}
