import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/hydrated";
import { clampToStep, RATING_STEPS, ratingStepLabel, stepRating } from "~/domain/activities/rating";
import { LABEL } from "./SelectFilter";

const RATING_KEYS: Readonly<Record<string, (v: number) => number>> = {
  ArrowRight: (v) => stepRating(v, 1),
  ArrowUp: (v) => stepRating(v, 1),
  ArrowLeft: (v) => stepRating(v, -1),
  ArrowDown: (v) => stepRating(v, -1),
  Home: () => RATING_STEPS[0],
  End: () => RATING_STEPS[RATING_STEPS.length - 1],
};

/**
 * 'Minimum rating' over the spec's uneven steps (0, halves to 4.5, tenths to 5.0), its value shown beside it.
 * A native range 0–5 in tenths named `rating`, not a range over step indexes: a range of indexes needs a hidden
 * input that only a script can keep in step, so a plain GET form would send an index or a stale value. This
 * one submits a real rating with JavaScript off, and the server snaps a value between steps down onto the list
 * (clampToStep). With JavaScript the value snaps while it moves, the arrow keys walk the list one step at a
 * time (the native keys would move a tenth and land between half steps), and `onCommit` runs when it is
 * released (the native change event; React's onChange is the input event).
 */
export function RatingSlider({
  id,
  value,
  onInput,
  onCommit,
}: {
  id: string;
  value: number;
  onInput?: (value: number) => void;
  onCommit?: (value: number) => void;
}) {
  // The shown value follows a new `value` in the same render (not an effect later), so the slider never shows the
  // previous page's rating beside the new page's list.
  const hydrated = useHydrated();
  const [shown, setShown] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (followed !== value) {
    setFollowed(value);
    setShown(value);
  }
  const input = useRef<HTMLInputElement>(null);
  const commit = useRef(onCommit);
  commit.current = onCommit;
  const committed = useRef(value);
  committed.current = value;
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    // A drag that snaps back to where it started changes nothing (and must not reset the page).
    const onChange = () => {
      const next = clampToStep(Number(el.value));
      if (next !== committed.current) commit.current?.(next);
    };
    el.addEventListener("change", onChange);
    return () => el.removeEventListener("change", onChange);
  }, []);
  const move = (next: number) => {
    setShown(next);
    onInput?.(next);
  };
  return (
    <div className={LABEL}>
      <label htmlFor={id}>Minimum rating</label>
      <div className="flex items-center gap-2">
        <input
          ref={input}
          id={id}
          type="range"
          name="rating"
          min={0}
          max={5}
          step={0.1}
          list={`${id}-steps`}
          value={shown}
          // Before hydration the value can move without the text following, so only then is it announced as text.
          aria-valuetext={hydrated ? ratingStepLabel(shown) : undefined}
          onChange={(e) => move(clampToStep(Number(e.target.value)))}
          onKeyDown={(e) => {
            const key = RATING_KEYS[e.key];
            if (!key) return;
            e.preventDefault();
            const next = key(shown);
            if (next === shown) return;
            move(next);
            commit.current?.(next);
          }}
          className="w-36 accent-black"
        />
        <output htmlFor={id} className="w-8 text-sm font-semibold text-gray-900 tabular-nums">
          {ratingStepLabel(shown)}
        </output>
      </div>
      <datalist id={`${id}-steps`}>
        {RATING_STEPS.map((v) => (
          <option key={v} value={v} label={ratingStepLabel(v)} />
        ))}
      </datalist>
    </div>
  );
}
