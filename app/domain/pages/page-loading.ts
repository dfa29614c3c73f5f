// Which loading message a client navigation shows (public-site §2 "City activities page": 'Loading city...' or
// 'Loading activities...'). The server renders every page whole; these are only for the wait between a click
// and the next page in the browser.
import { ALL_CATEGORIES } from "./filters";
import { categorySlug, isTagSlug } from "../taxonomy/slug";
import { CATEGORY_NAMES } from "../taxonomy/taxonomy";

export const LOADING_CITY = "Loading city...";
export const LOADING_ACTIVITIES = "Loading activities...";

/**
 * {prefix}/{cityId}/things-to-do, a tag page or a category page. The browser does not have the admin's
 * category list, so a category added later is not recognised here and its page simply loads without the message.
 */
export function isCityPagePath(pathname: string, categoryNames: readonly string[] = CATEGORY_NAMES): boolean {
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length !== 4) return false;
  const last = segments[3].toLowerCase();
  return (
    last === "things-to-do" ||
    isTagSlug(last) ||
    categoryNames.some((name) => name !== ALL_CATEGORIES && categorySlug(name) === last)
  );
}

/**
 * Another city page, or a city page reached from any other page, is a new city: 'Loading city...'. The same
 * page with other filters (only the query string changes) is 'Loading activities...'. Anything else: no message.
 */
export function navigationLoadingMessage(currentPath: string, nextPath: string): string | null {
  if (!isCityPagePath(nextPath)) return null;
  return currentPath === nextPath ? LOADING_ACTIVITIES : LOADING_CITY;
}
