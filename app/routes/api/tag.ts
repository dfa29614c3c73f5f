// /api/tags/:id — PUT updates a tag, DELETE removes it (and, by the relation's cascade, from its activities).
import { deleteTag, updateTag } from "~/data/tags.server";
import { TagSchema } from "~/domain/tag-form";
import { allowMethods, rowAction } from "./responses.server";

export const middleware = allowMethods("PUT", "DELETE");

export const action = rowAction({ schema: TagSchema, update: updateTag, remove: deleteTag, notFound: "Tag not found" });
