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

  // Admin sign-in and session (auth).
  ...prefix("api", [
    route("auth/google", "routes/api/auth/google.ts"),
    route("auth/google/callback", "routes/api/auth/google-callback.ts"),
    route("auth/user", "routes/api/auth/user.ts"),
    route("logout", "routes/api/logout.ts"),
  ]),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
