import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The route table, explicit: the public path shapes are too irregular for file-name routing.
export default [
  index("routes/public/home.tsx"),

  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("login/link/:token", "routes/admin/login-link.tsx"),
    route("logout", "routes/admin/logout.ts"),
    route("cli/login-link", "routes/admin/cli-login-link.ts"),
    layout("routes/admin/layout.tsx", [index("routes/admin/index.tsx")]),
  ]),

  ...prefix("api", [route("mapbox-token", "routes/api/mapbox-token.ts")]),

  // Activity detail, embed card, legacy paths, sitemap and robots (detail branch).
  route(":country/:region/:cityId/things-to-do/:activitySlug", "routes/public/activity-detail.tsx"),
  route("activity/:id", "routes/public/activity-by-id.tsx"),
  route("embed/activity/:id", "routes/embed/activity.tsx", { id: "embed-activity-by-id" }),
  route("embed/*", "routes/embed/activity.tsx", { id: "embed-activity-by-path" }),
  route(":cityId", "routes/public/legacy.tsx", { id: "legacy-city" }),
  route(":cityId/:activityId", "routes/public/legacy.tsx", { id: "legacy-activity" }),
  route("sitemap.xml", "routes/public/sitemap.ts", { id: "sitemap" }),
  route("sitemaps/:file", "routes/public/sitemap.ts", { id: "sitemap-page" }),
  route("robots.txt", "routes/public/robots.ts"),
  route("api/activities/by-slug/:cityId/:activitySlug", "routes/api/activity-by-slug.ts"),
  route("api/activities/:id", "routes/api/activity.ts"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
