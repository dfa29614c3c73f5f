import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The route table, explicit: the public path shapes are too irregular for file-name routing.
export default [
  index("routes/public/home.tsx"),

  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("login/link/:token", "routes/admin/login-link.tsx"),
    route("logout", "routes/admin/logout.ts"),
    route("cli/login-link", "routes/admin/cli-login-link.ts"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      // The tabs; their add / edit / delete dialogs are child routes of the list.
      route("activities", "routes/admin/activities.tsx", [
        route("new", "routes/admin/activities.new.tsx"),
        route(":id/edit", "routes/admin/activities.edit.tsx"),
        route(":id/delete", "routes/admin/activities.delete.tsx"),
        route("bulk", "routes/admin/activities.bulk.tsx"),
      ]),
      route("cities", "routes/admin/cities/index.tsx", [
        route("new", "routes/admin/cities/new.tsx"),
        route(":id/edit", "routes/admin/cities/edit.tsx"),
        route(":id/delete", "routes/admin/cities/delete.tsx"),
      ]),
      route("tags", "routes/admin/tags/index.tsx", [
        route("new", "routes/admin/tags/new.tsx"),
        route(":id/edit", "routes/admin/tags/edit.tsx"),
        route(":id/delete", "routes/admin/tags/delete.tsx"),
      ]),
      route("categories", "routes/admin/categories/index.tsx", [
        route("new", "routes/admin/categories/new.tsx"),
        route(":id/edit", "routes/admin/categories/edit.tsx"),
        route(":id/delete", "routes/admin/categories/delete.tsx"),
      ]),
    ]),
  ]),

  ...prefix("api", [
    route("mapbox-token", "routes/api/mapbox-token.ts"),
    // A path's public GET loader and its admin mutations share one module.
    route("activities/count", "routes/api/activities-count.ts"),
    route("activities/bulk-category-update", "routes/api/activities-bulk-category-update.ts"),
    route("cities/count", "routes/api/cities-count.ts"),
    route("cities", "routes/api/cities.ts"),
    route("cities/:id", "routes/api/city.ts"),
    route("tags", "routes/api/tags.ts"),
    route("tags/:id", "routes/api/tag.ts"),
    route("categories", "routes/api/categories.ts"),
    route("categories/:id", "routes/api/category.ts"),
  ]),

  // Admin sign-in and session (auth).
  ...prefix("api", [
    route("auth/google", "routes/api/auth/google.ts"),
    route("auth/google/callback", "routes/api/auth/google-callback.ts"),
    route("auth/user", "routes/api/auth/user.ts"),
    route("logout", "routes/api/logout.ts"),
  ]),

  // Discover: home, Explore Cities, search, the city hub / guide and the public read API.
  route("cities", "routes/public/cities.tsx"),
  route("search", "routes/public/search.tsx"),
  ...prefix("api", [
    route("activities", "routes/api/activities.ts"),
    route("cities-with-counts", "routes/api/cities-with-counts.ts"),
    route("seo-settings", "routes/api/seo-settings.ts"),
    route("tag-meta/:country/:region/:city/:tagSlug", "routes/api/tag-meta.ts"),
    route("category-meta/:country/:region/:city/:categorySlug", "routes/api/category-meta.ts"),
    route("scripts", "routes/api/scripts.ts"),
    route("search", "routes/api/search.ts"),
  ]),
  route(":country/:region/:cityId", "routes/public/city-guide.tsx", { id: "city-hub" }),
  route(":country/:region/:cityId/guide", "routes/public/city-guide.tsx", { id: "city-guide-page" }),
  route(":country/:region/:cityId/*", "routes/public/city-guide.tsx", { id: "city-guide" }),

  // Activity detail, embed card, legacy paths, sitemap and robots (detail branch).
  route(":country/:region/:cityId/things-to-do/:activitySlug", "routes/public/activity-detail.tsx"),
  route("activity/:id", "routes/public/activity-by-id.tsx"),
  // '/embed' plus any activity path shape (spec §2): each shape is spelled out, as a bare 'embed/*' ranks below
  // the page shapes of the same depth (':country/:region/:cityId/:segment' and friends).
  route("embed/activity/:id", "routes/embed/activity.tsx", { id: "embed-activity-by-id" }),
  route("embed/:country/:region/:cityId/things-to-do/:activitySlug", "routes/embed/activity.tsx", {
    id: "embed-activity-by-slug",
  }),
  route("embed/:country/:region/:cityId/:activitySlug", "routes/embed/activity.tsx", { id: "embed-activity-short" }),
  route("embed/:cityId/things-to-do/:activitySlug", "routes/embed/activity.tsx", { id: "embed-activity-unprefixed" }),
  route("embed/:cityId/:activitySlug", "routes/embed/activity.tsx", { id: "embed-activity-unprefixed-short" }),
  route("embed/*", "routes/embed/activity.tsx", { id: "embed-activity-by-path" }),
  // The prefix-less shapes (urls.ts "Cities without a prefix"): the pages of a city whose state or country has no
  // prefix mapping, and the legacy paths of every other city, which the layout's middleware redirects.
  layout("routes/public/legacy.tsx", { id: "prefixless-city" }, [
    route(":cityId", "routes/public/city-guide.tsx", { id: "prefixless-city-hub" }),
    route(":cityId/things-to-do", "routes/public/city-activities.tsx", { id: "prefixless-city-activities" }),
    route(":cityId/things-to-do/:activitySlug", "routes/public/activity-detail.tsx", {
      id: "prefixless-activity-detail",
    }),
    route(":cityId/:segment", "routes/public/city-segment.tsx", { id: "prefixless-city-segment" }),
  ]),
  route("sitemap.xml", "routes/public/sitemap.ts", { id: "sitemap" }),
  route("healthz", "routes/healthz.ts"),
  route("sitemaps/:file", "routes/public/sitemap.ts", { id: "sitemap-page" }),
  route("robots.txt", "routes/public/robots.ts"),
  route("api/activities/by-slug/:cityId/:activitySlug", "routes/api/activity-by-slug.ts"),
  route("api/activities/:id", "routes/api/activity.ts"),

  // City activities page and its tag / category variants (browse).
  route(":country/:region/:cityId/things-to-do", "routes/public/city-activities.tsx"),
  route(":country/:region/:cityId/:segment", "routes/public/city-segment.tsx"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
