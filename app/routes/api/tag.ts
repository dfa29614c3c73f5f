// /api/tags/:id — GET one tag (its version as the ETag), PUT updates it, DELETE removes it (and, by the relation's
// cascade, from its activities); PUT and DELETE with If-Match only at that version (else 412).
import { deleteTag, getTagWithActivityCount, tagStamp, updateTag } from "~/data/tags.server";
import { TagSchema } from "~/domain/taxonomy/tag-form";
import { allowMethods, rowAction, rowLoader } from "./responses.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = [...allowMethods("GET", "PUT", "DELETE"), ...searchParams(NO_SEARCH_PARAMS)];

export const loader = rowLoader(
  getTagWithActivityCount,
  ({ id, name, color, icon, description, activityCount }) => ({ id, name, color, icon, description, activityCount }),
  "Tag not found",
);

export const action = rowAction({
  schema: TagSchema,
  update: updateTag,
  remove: deleteTag,
  notFound: "Tag not found",
  entity: "tag",
  stamp: tagStamp,
});
