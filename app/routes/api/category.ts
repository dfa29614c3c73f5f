// /api/categories/:id — PUT updates a category (a rename is written onto its activities), DELETE removes it
// and moves its activities to "Other"; both in one transaction.
import { deleteCategory, updateCategory } from "~/data/categories.server";
import { CategorySchema } from "~/domain/category-form";
import { allowMethods, rowAction } from "./responses.server";

export const middleware = allowMethods("PUT", "DELETE");

export const action = rowAction({
  schema: CategorySchema,
  update: updateCategory,
  remove: deleteCategory,
  notFound: "Category not found",
});
