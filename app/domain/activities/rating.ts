// Rating display and the minimum-rating slider (public-site §5 "Filters", admin §3 googleRating).

function roundToTenth(v: number): number {
  return Math.round(v * 10) / 10;
}

/** 0 ('Any'), then 0.5 steps up to 4.5, then 0.1 steps up to 5.0. */
export const RATING_STEPS: readonly number[] = [
  ...Array.from({ length: 10 }, (_, i) => i * 0.5),
  ...Array.from({ length: 5 }, (_, i) => roundToTenth(4.6 + i * 0.1)),
];

export function ratingStepLabel(v: number): string {
  return v === 0 ? "Any" : v.toFixed(1);
}

/** Ratings are stored as decimal strings and shown with one decimal; non-numeric gives null. */
export function formatRating(r: string | number | null | undefined): string | null {
  if (r === null || r === undefined || (typeof r === "string" && r.trim() === "")) return null;
  const n = Number(r);
  return Number.isFinite(n) ? n.toFixed(1) : null;
}

/**
 * The largest slider step not above `v` (so a snapped minimum never hides more than was asked for);
 * below 0 or non-numeric gives 0, above 5 gives 5.
 */
export function clampToStep(v: number): number {
  const tolerance = 1e-9; // 4.6 + 0.1 is 4.699999999999999 and still means 4.7
  let snapped = 0;
  for (const step of RATING_STEPS) if (step <= v + tolerance) snapped = step; // NaN matches nothing
  return snapped;
}

/**
 * The step `by` places along the slider from `v` (arrow keys: +1 / -1), so the keyboard walks the uneven list
 * one listed value at a time; `v` is snapped first and the ends hold.
 */
export function stepRating(v: number, by: number): number {
  const index = RATING_STEPS.indexOf(clampToStep(v));
  return RATING_STEPS[Math.min(RATING_STEPS.length - 1, Math.max(0, index + by))];
}
