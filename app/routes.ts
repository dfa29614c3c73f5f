import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Admin Activities tab and its admin API (issue 5): dialogs are child routes of the list.
const adminActivityRoutes = [
  route("activities", "routes/admin/activities.tsx", [
    route("new", "routes/admin/activities.new.tsx"),
    route(":id/edit", "routes/admin/activities.edit.tsx"),
    route(":id/delete", "routes/admin/activities.delete.tsx"),
    route("bulk", "routes/admin/activities.bulk.tsx"),
  ]),
];
const activityApiRoutes = [
  route("activities", "routes/api/activities.ts"),
  route("activities/count", "routes/api/activities-count.ts"),
  route("activities/bulk-category-update", "routes/api/activities-bulk-category-update.ts"),
  route("activities/:id", "routes/api/activity.ts"),
];

// The route table, explicit: the public path shapes are too irregular for file-name routing.
export default [
  index("routes/public/home.tsx"),

  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("login/link/:token", "routes/admin/login-link.tsx"),
    route("logout", "routes/admin/logout.ts"),
    route("cli/login-link", "routes/admin/cli-login-link.ts"),
    layout("routes/admin/layout.tsx", [index("routes/admin/index.tsx"), ...adminActivityRoutes]),
  ]),

  ...prefix("api", [route("mapbox-token", "routes/api/mapbox-token.ts"), ...activityApiRoutes]),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
