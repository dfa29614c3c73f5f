// Admin dashboard URLs of the Cities, Tags and Categories tabs. The list's search (`q`) rides along into
// the add / edit / delete dialogs so closing one returns to the same filtered list.
import { withSearchParams } from "../http/urls";

type Search = { q?: string };

export const ADMIN_CITIES_PATH = "/admin/cities";
export const ADMIN_TAGS_PATH = "/admin/tags";
export const ADMIN_CATEGORIES_PATH = "/admin/categories";

export function adminCitiesPath(search: Search = {}): string {
  return withSearchParams(ADMIN_CITIES_PATH, { q: search.q?.trim() });
}

export function adminNewCityPath(search: Search = {}): string {
  return withSearchParams(`${ADMIN_CITIES_PATH}/new`, { q: search.q?.trim() });
}

export function adminEditCityPath(id: string, search: Search = {}): string {
  return withSearchParams(`${ADMIN_CITIES_PATH}/${encodeURIComponent(id)}/edit`, { q: search.q?.trim() });
}

export function adminCityImagesPath(id: string, search: Search = {}): string {
  return withSearchParams(`${ADMIN_CITIES_PATH}/${encodeURIComponent(id)}/images`, { q: search.q?.trim() });
}

export function adminDeleteCityPath(id: string, search: Search = {}): string {
  return withSearchParams(`${ADMIN_CITIES_PATH}/${encodeURIComponent(id)}/delete`, { q: search.q?.trim() });
}

export const adminNewTagPath = () => `${ADMIN_TAGS_PATH}/new`;
export const adminEditTagPath = (id: number) => `${ADMIN_TAGS_PATH}/${id}/edit`;
export const adminDeleteTagPath = (id: number) => `${ADMIN_TAGS_PATH}/${id}/delete`;

export const adminNewCategoryPath = () => `${ADMIN_CATEGORIES_PATH}/new`;
export const adminEditCategoryPath = (id: number) => `${ADMIN_CATEGORIES_PATH}/${id}/edit`;
export const adminDeleteCategoryPath = (id: number) => `${ADMIN_CATEGORIES_PATH}/${id}/delete`;

/** The search of a list URL, to carry into a dialog and back. */
export function listSearch(url: string | URL): Search {
  const q = new URL(url).searchParams.get("q")?.trim();
  return q ? { q } : {};
}
