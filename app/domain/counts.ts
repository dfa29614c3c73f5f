// Activity count wording (public-site §9; admin §9 "Title count wording").

/** The word after a count: `singular` for exactly one, `plural` otherwise (zero included): '1 activity', '0 activities'. */
export function pluralize(n: number, singular: string, plural: string): string {
  return n === 1 ? singular : plural;
}

/** Card and hero labels: exact up to 25, then '25+' (26–49), '50+' (50–99), '100+' (100 and up). */
export function countLabel(n: number): string {
  if (n >= 100) return "100+";
  if (n >= 50) return "50+";
  if (n > 25) return "25+";
  return String(n);
}

/** SEO count buckets: above 100 gives 100, 51–100 gives 50, 26–50 gives 25, else the number itself. */
export function seoCountBucket(n: number): number {
  if (n > 100) return 100;
  if (n > 50) return 50;
  if (n > 25) return 25;
  return n;
}

/** The {count} wording in SEO templates: over 100 '100+', over 50 '50+', over 25 '25+', else the number. */
export function titleCountWording(n: number): string {
  return n > 25 ? `${seoCountBucket(n)}+` : String(n);
}

/**
 * A whole number with thousands separators, '1,200', as `toLocaleString("en-US")` writes it. Without Intl: the first
 * number formatter a page makes loads the locale's data, about 150 ms of a low-tier phone's CPU in the scripts' first
 * task (issue #26), and a city page draws a count on every card. Anything but a safe integer goes to Intl.
 */
export function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n));
  let out = "";
  for (let end = digits.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    out = start > 0 ? `,${digits.slice(start, end)}${out}` : `${digits.slice(start, end)}${out}`;
  }
  return n < 0 ? `-${out}` : out;
}

/** The count and its word: `countOf(1, "activity", "activities")` is '1 activity', 1200 gives '1,200 activities'. */
export function countOf(n: number, singular: string, plural: string): string {
  return `${grouped(n)} ${pluralize(n, singular, plural)}`;
}
