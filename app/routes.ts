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

  // Discover: home, Explore Cities, search, the city hub / guide and the public read API.
  route("cities", "routes/public/cities.tsx"),
  route("search", "routes/public/search.tsx"),
  ...prefix("api", [
    route("activities", "routes/api/activities.ts"),
    route("cities", "routes/api/cities.ts"),
    route("cities-with-counts", "routes/api/cities-with-counts.ts"),
    route("categories", "routes/api/categories.ts"),
    route("tags", "routes/api/tags.ts"),
    route("seo-settings", "routes/api/seo-settings.ts"),
    route("tag-meta/:country/:region/:city/:tagSlug", "routes/api/tag-meta.ts"),
    route("category-meta/:country/:region/:city/:categorySlug", "routes/api/category-meta.ts"),
    route("scripts", "routes/api/scripts.ts"),
    route("search", "routes/api/search.ts"),
  ]),
  route(":country/:region/:cityId", "routes/public/city-guide.tsx", { id: "city-hub" }),
  route(":country/:region/:cityId/*", "routes/public/city-guide.tsx", { id: "city-guide" }),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
