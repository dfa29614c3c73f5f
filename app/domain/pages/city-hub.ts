// Wording of the city hub / guide page (public-site §2 "City hub / guide page", §9 count labels).
import { countLabel } from "../counts";

/**
 * '{n}+ Activities' with the count-label buckets: 12 → '12+ Activities', 60 → '50+ Activities'. A city with none
 * reads the spec's words for that state, 'No Activities Available', not '0+ Activities'.
 */
export function hubActivityCount(n: number): string {
  if (n <= 0) return "No Activities Available";
  const label = countLabel(n);
  return `${label.endsWith("+") ? label : `${label}+`} Activities`;
}
