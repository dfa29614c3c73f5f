// Rows for test data with every required column filled, so that a test names only the columns it is about.
import { titleSlug } from "~/domain/taxonomy/slug";
import type { Prisma } from "~/generated/prisma/client";

/** A city named by its id, at 0, 0 unless told. */
export function cityRow(
  id: string,
  columns: Partial<Prisma.CityUncheckedCreateInput> = {},
): Prisma.CityUncheckedCreateInput {
  return { id, name: id, displayName: id, centerLatitude: 0, centerLongitude: 0, ...columns };
}

/** An activity of a city, slugged from its title as the admin does, at 0, 0 unless told. */
export function activityRow(
  cityId: string,
  title: string,
  columns: Partial<Prisma.ActivityUncheckedCreateInput> = {},
): Prisma.ActivityUncheckedCreateInput {
  return { cityId, title, slug: titleSlug(title), excerpt: `About ${title}.`, latitude: 0, longitude: 0, ...columns };
}
