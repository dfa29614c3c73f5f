// The Activities Needing Review list's state in the URL (admin §2 'Data-quality tab', §4, §5 'Other forms', §9):
// search by title, issue type, quality score range, page size and page. Every filter change goes back to page 1
// (the filter form carries no page); junk values fall back to the defaults rather than failing the page.
import { z } from "zod";
import { MAX_QUALITY_SCORE } from "./quality-score";
import type { StatusField } from "./validation";
import { withSearchParams } from "../http/urls";

export const DATA_QUALITY_PATH = "/admin/data-quality";

export const REVIEW_ISSUES = ["all", "website", "phone", "location", "maps_url", "address"] as const;
export type ReviewIssue = (typeof REVIEW_ISSUES)[number];

/** The status column behind each issue type. */
export const ISSUE_FIELD: Record<Exclude<ReviewIssue, "all">, StatusField> = {
  website: "websiteStatus",
  phone: "phoneStatus",
  location: "locationAccuracy",
  maps_url: "mapsUrlStatus",
  address: "addressStatus",
};

export const ISSUE_LABELS: Record<ReviewIssue, string> = {
  all: "All issues",
  website: "Website",
  phone: "Phone",
  location: "Location",
  maps_url: "Google Maps URL",
  address: "Address",
};

export const REVIEW_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_REVIEW_PAGE_SIZE = 20;

/** A score bound: empty is the end of the scale (§5: empty minimum gives 0, empty maximum gives 10). */
function scoreBound(fallback: number) {
  return z
    .string()
    .trim()
    .max(10)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      const n = Number(v);
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: "custom", message: "not a number" });
        return z.NEVER;
      }
      return Math.min(MAX_QUALITY_SCORE, Math.max(0, n));
    })
    .catch(fallback);
}

const reviewParams = z.object({
  q: z.string().trim().max(200).catch(""),
  issue: z.enum(REVIEW_ISSUES).catch("all"),
  min: scoreBound(0),
  max: scoreBound(MAX_QUALITY_SCORE),
  size: z.coerce
    .number()
    .refine((n) => (REVIEW_PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_REVIEW_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export type ReviewListState = z.infer<typeof reviewParams>;

export function parseReviewList(params: URLSearchParams): ReviewListState {
  const get = (key: string) => params.get(key) ?? undefined;
  const state = reviewParams.parse({
    q: get("q"),
    issue: get("issue"),
    min: get("min"),
    max: get("max"),
    size: get("size"),
    page: get("page"),
  });
  // A reversed range reads as the range between the two numbers.
  return state.min <= state.max ? state : { ...state, min: state.max, max: state.min };
}

/** Whether any filter narrows the list (the 'no filter match' empty state and Clear Filters). */
export function isFiltered(state: ReviewListState): boolean {
  return state.q !== "" || state.issue !== "all" || state.min > 0 || state.max < MAX_QUALITY_SCORE;
}

/** The tab's URL with this list state, defaults left out. */
export function reviewListUrl(state: ReviewListState): string {
  return withSearchParams(DATA_QUALITY_PATH, {
    q: state.q || undefined,
    issue: state.issue === "all" ? undefined : state.issue,
    min: state.min > 0 ? String(state.min) : undefined,
    max: state.max < MAX_QUALITY_SCORE ? String(state.max) : undefined,
    size: state.size === DEFAULT_REVIEW_PAGE_SIZE ? undefined : String(state.size),
    page: state.page > 1 ? String(state.page) : undefined,
  });
}

/** The review list's page buttons (§2): the first five, plus the last page when there are more. */
export function reviewPageButtons(pageCount: number): number[] {
  const first = Array.from({ length: Math.min(5, pageCount) }, (_, i) => i + 1);
  return pageCount > 5 ? [...first, pageCount] : first;
}

/** §8-style empty states of the list. */
export const NO_REVIEW_NEEDED = "No activities need review. Everything validated looks good.";
export const NO_REVIEW_MATCH = "No activities needing review match these filters.";
