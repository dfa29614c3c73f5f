// /api/categories/:id — GET one category (its version as the ETag); PUT updates it (a rename is written onto its
// activities), DELETE removes it and moves its activities to "Other"; both in one transaction, and with If-Match
// only at that version (else 412).
import { categoryStamp, deleteCategory, getCategoryWithActivityCount, updateCategory } from "~/data/categories.server";
import { CategorySchema } from "~/domain/taxonomy/category-form";
import { allowMethods, rowAction, rowLoader } from "./responses.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = [...allowMethods("GET", "PUT", "DELETE"), ...searchParams(NO_SEARCH_PARAMS)];

export const loader = rowLoader(
  getCategoryWithActivityCount,
  ({ id, name, slug, color, icon, filterIcon, pinIcon, description, sortOrder, activityCount }) => ({
    id,
    name,
    slug,
    color,
    icon,
    filterIcon,
    pinIcon,
    description,
    sortOrder,
    activityCount,
  }),
  "Category not found",
);

export const action = rowAction({
  schema: CategorySchema,
  update: updateCategory,
  remove: deleteCategory,
  notFound: "Category not found",
  entity: "category",
  stamp: categoryStamp,
});
