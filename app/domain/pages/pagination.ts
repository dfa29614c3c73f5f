// List pagination (public-site §2 "City activities page", §9; admin §9).
import { PAGE_SIZE } from "../constants";

export const PAGE_WINDOW = 5;

export function pageCount(total: number, size = PAGE_SIZE): number {
  return total > 0 ? Math.ceil(total / size) : 0;
}

/** A whole page number between 1 and the last page (1 when the list is empty or the input is junk). */
export function clampPage(page: number, total: number, size = PAGE_SIZE): number {
  const last = Math.max(1, pageCount(total, size));
  if (Number.isNaN(page)) return 1;
  return Math.min(last, Math.max(1, Math.floor(page)));
}

/** Up to `max` consecutive page numbers, centred on the current page when possible. */
export function pageWindow(current: number, totalPages: number, max = PAGE_WINDOW): number[] {
  if (totalPages <= 0) return [];
  const page = Math.min(totalPages, Math.max(1, current));
  const start = Math.max(1, Math.min(page - Math.floor(max / 2), totalPages - max + 1));
  const end = Math.min(totalPages, start + max - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export function pageOffset(page: number, size = PAGE_SIZE): number {
  return (Math.max(1, page) - 1) * size;
}

/** 'Showing 49 to 96 of 120 activities'; an out-of-range page is shown as the nearest real page. */
export function showingText(page: number, size: number, total: number): string {
  if (total <= 0) return "Showing 0 to 0 of 0 activities";
  const current = clampPage(page, total, size);
  const from = pageOffset(current, size) + 1;
  const to = Math.min(current * size, total);
  return `Showing ${from} to ${to} of ${total} activities`;
}

/**
 * An API list paged by `limit` and `offset` as RFC 8288 `Link` header value: first, prev, next and last, each the
 * list's path with the request's other parameters, relative (so a shared cache keeps one answer for every host).
 * prev is left out on the first page and next on the last.
 */
export function pageLinks(
  path: string,
  params: Record<string, string | number | undefined>,
  { offset, limit, total }: { offset: number; limit: number; total: number },
): string {
  const at = (start: number) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && key !== "limit" && key !== "offset") query.set(key, String(value));
    }
    query.set("limit", String(limit));
    query.set("offset", String(start));
    return `${path}?${query}`;
  };
  const last = total > 0 ? Math.floor((total - 1) / limit) * limit : 0;
  const links: [string, number][] = [["first", 0]];
  if (offset > 0) links.push(["prev", Math.min(Math.max(0, offset - limit), last)]);
  if (offset + limit < total) links.push(["next", offset + limit]);
  links.push(["last", last]);
  return links.map(([rel, start]) => `<${at(start)}>; rel="${rel}"`).join(", ");
}
