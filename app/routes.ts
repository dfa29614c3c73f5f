import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The route table, explicit: the public path shapes are too irregular for file-name routing.
export default [
  // The embed card, outside the public layout (only the card, no header): '/embed' plus any activity path shape
  // (spec §2). Each shape is spelled out, as a bare 'embed/*' ranks below the page shapes of the same depth
  // (':country/:region/:cityId/:segment' and friends); listed before the pages, as a shape that ties with a page
  // shape ('embed/:cityId/:activitySlug' and ':cityId/things-to-do/:activitySlug') goes to the first listed.
  route("embed/activity/:id", "routes/embed/activity.tsx", { id: "embed-activity-by-id" }),
  route("embed/:country/:region/:cityId/things-to-do/:activitySlug", "routes/embed/activity.tsx", {
    id: "embed-activity-by-slug",
  }),
  route("embed/:country/:region/:cityId/:activitySlug", "routes/embed/activity.tsx", { id: "embed-activity-short" }),
  route("embed/:cityId/things-to-do/:activitySlug", "routes/embed/activity.tsx", { id: "embed-activity-unprefixed" }),
  route("embed/:cityId/:activitySlug", "routes/embed/activity.tsx", { id: "embed-activity-unprefixed-short" }),
  route("embed/*", "routes/embed/activity.tsx", { id: "embed-activity-by-path" }),

  // The visitor pages: the public layout draws the header once above each of them; each page has its own error
  // boundary below it, and what no page answers falls to the root's '404 Page Not Found'.
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("cities", "routes/public/cities.tsx"),
    route("search", "routes/public/search.tsx"),
    // The privacy policy and the terms of use, linked from every public page's footer.
    route("privacy", "routes/public/legal/privacy.tsx"),
    route("terms", "routes/public/legal/terms.tsx"),
    // The city hub; '{city}/guide' and any deeper path no other page claims are its guide variant.
    route(":country/:region/:cityId", "routes/public/city-guide.tsx", { id: "city-hub" }),
    route(":country/:region/:cityId/guide", "routes/public/city-guide.tsx", { id: "city-guide-page" }),
    route(":country/:region/:cityId/*", "routes/public/city-guide.tsx", { id: "city-guide" }),
    // The city activities page, and its tag and category variants (a single segment after the city).
    route(":country/:region/:cityId/things-to-do", "routes/public/city-page/route.tsx", { id: "city-activities" }),
    route(":country/:region/:cityId/:segment", "routes/public/city-page/route.tsx", { id: "city-segment" }),
    // The activity detail page, by slug or by id ('/activity/{title}' redirects to the slug address).
    route(":country/:region/:cityId/things-to-do/:activitySlug", "routes/public/activity-detail/route.tsx", {
      id: "activity-detail",
    }),
    route("activity/:id", "routes/public/activity-detail/route.tsx", { id: "activity-by-id" }),
    // The prefix-less shapes (urls.ts "Cities without a prefix"): the pages of a city whose state or country has
    // no prefix mapping, and the legacy paths of every other city, which the layout's middleware redirects.
    layout("routes/public/legacy.tsx", { id: "prefixless-city" }, [
      route(":cityId", "routes/public/city-guide.tsx", { id: "prefixless-city-hub" }),
      route(":cityId/things-to-do", "routes/public/city-page/route.tsx", { id: "prefixless-city-activities" }),
      route(":cityId/things-to-do/:activitySlug", "routes/public/activity-detail/route.tsx", {
        id: "prefixless-activity-detail",
      }),
      route(":cityId/:segment", "routes/public/city-page/route.tsx", { id: "prefixless-city-segment" }),
    ]),
    route("*", "routes/public/not-found.tsx"),
  ]),

  // The admin dashboard (admin §2): sign-in and sign-out outside the dashboard layout, which checks the session.
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("login/link/:token", "routes/admin/login-link.tsx"),
    route("logout", "routes/admin/logout.ts"),
    route("cli/login-link", "routes/admin/cli-login-link.ts"),
    route("cli/backup", "routes/admin/cli-backup.ts"),
    // Export CSV: a file download, outside the dashboard layout (its loader checks the session itself).
    route("activities/export.csv", "routes/admin/activities/export.ts"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      // The tabs; their add / edit / delete dialogs are child routes of the list.
      route("activities", "routes/admin/activities/index.tsx", [
        route("new", "routes/admin/activities/new.tsx"),
        route(":id/edit", "routes/admin/activities/edit.tsx"),
        route(":id/delete", "routes/admin/activities/delete.tsx"),
        route("bulk", "routes/admin/activities/bulk.tsx"),
        // The places service: a card's rating and photos (form posts), and the jobs with their confirmations.
        route(":id/places/:operation", "routes/admin/activities/places-action.ts"),
        route(":id/places/photos", "routes/admin/activities/fetch-photos.tsx"),
        route("refresh-ratings", "routes/admin/activities/refresh-ratings.tsx"),
        route("enhance-photos", "routes/admin/activities/enhance-photos.tsx"),
        route("jobs/:jobId/cancel", "routes/admin/activities/cancel-job.ts"),
        // Import CSV: the file, then its preview and the column choice (admin §4).
        route("import", "routes/admin/activities/import.tsx"),
        route("import/:draftId", "routes/admin/activities/import-columns.tsx"),
      ]),
      route("cities", "routes/admin/cities/index.tsx", [
        route("new", "routes/admin/cities/new.tsx"),
        route(":id/edit", "routes/admin/cities/edit.tsx"),
        route(":id/delete", "routes/admin/cities/delete.tsx"),
        route(":id/images", "routes/admin/cities/images.tsx"),
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
      // The history (issue #24): Recent changes across the site, and each row's History.
      route("changes", "routes/admin/changes/index.tsx", [
        route("undo/:entryId", "routes/admin/changes/undo.tsx", { id: "changes-undo" }),
        route("restore/:entryId", "routes/admin/changes/restore.tsx", { id: "changes-restore" }),
      ]),
      route("history/:entity/:entityId", "routes/admin/changes/history.tsx", [
        route("undo/:entryId", "routes/admin/changes/undo.tsx", { id: "history-undo" }),
        route("restore/:entryId", "routes/admin/changes/restore.tsx", { id: "history-restore" }),
      ]),
      route("data-quality", "routes/admin/data-quality/index.tsx", [
        route(":id/edit", "routes/admin/activities/edit.tsx", { id: "review-activity-edit" }),
      ]),
      // One page each: a form and what goes with it.
      route("seo", "routes/admin/seo/index.tsx"),
      route("settings", "routes/admin/settings/index.tsx", [
        // The Photo Enhancement System: the hybrid toggle (enabling behind its cost), its test, Bulk Enhance.
        route("hybrid-photos/enable", "routes/admin/settings/hybrid-enable.tsx"),
        route("hybrid-photos/disable", "routes/admin/settings/hybrid-disable.ts"),
        route("hybrid-photos/test", "routes/admin/settings/hybrid-test.ts"),
        route("bulk-enhance", "routes/admin/settings/bulk-enhance.tsx"),
      ]),
    ]),
  ]),

  // The JSON API (admin §7, public-site §7): GET reads are public unless auth/admin-api.ts lists them; every other
  // method is an administrator's. Each module declares its methods (allowMethods); an unknown /api path is a JSON 404.
  ...prefix("api", [
    // Sign-in and the session.
    route("auth/google", "routes/api/auth/google.ts"),
    route("auth/google/callback", "routes/api/auth/google-callback.ts"),
    route("auth/user", "routes/api/auth/user.ts"),
    route("logout", "routes/api/logout.ts"),
    // Activities.
    route("activities", "routes/api/activities.ts"),
    route("activities/count", "routes/api/activities-count.ts"),
    route("activities/bulk-category-update", "routes/api/activities-bulk-category-update.ts"),
    route("activities/by-slug/:cityId/:activitySlug", "routes/api/activity-by-slug.ts"),
    // The bulk places jobs (admin §7), started as the Activities tab starts them.
    route("activities/refresh-all-google-ratings", "routes/api/activities-places-jobs.ts", { id: "api-refresh-all" }),
    route("activities/fetch-all-google-photos", "routes/api/activities-places-jobs.ts", { id: "api-fetch-all-photos" }),
    route("activities/bulk-photo-enhancement", "routes/api/activities-places-jobs.ts", { id: "api-bulk-photos" }),
    route("jobs/:id", "routes/api/job.ts"),
    // Data quality: validation, the review list and corrections (admin §7 'Validation and correction').
    route("activities/needs-review", "routes/api/activities-needs-review.ts"),
    route("activities/unvalidated", "routes/api/activities-unvalidated.ts"),
    route("activities/address-discrepancies", "routes/api/activities-address-discrepancies.ts"),
    route("activities/validate-batch", "routes/api/activities-validate-batch.ts"),
    route("activities/clear-review-list", "routes/api/activities-clear-review-list.ts"),
    route("activities/update-coordinates-from-maps", "routes/api/activities-update-coordinates.ts"),
    route("activities/auto-correct-addresses", "routes/api/activities-auto-correct-addresses.ts"),
    route("activities/:id/mark-reviewed", "routes/api/activity-mark-reviewed.ts"),
    route("validation/stats", "routes/api/validation-stats.ts"),
    route("validation/start", "routes/api/validation-start.ts"),
    route("validation/progress", "routes/api/validation-progress.ts"),
    route("activities/:id", "routes/api/activity.ts"),
    // The places service (Google ratings and photos), one operation each for fetch and refresh.
    route("activities/:id/fetch-google-rating", "routes/api/activity-places.ts", { id: "api-fetch-google-rating" }),
    route("activities/:id/refresh-google-rating", "routes/api/activity-places.ts", { id: "api-refresh-google-rating" }),
    route("activities/:id/fetch-google-photos", "routes/api/activity-places.ts", { id: "api-fetch-google-photos" }),
    route("activities/:id/refresh-photos", "routes/api/activity-places.ts", { id: "api-refresh-photos" }),
    route("activities/:id/fetch-hybrid-photos", "routes/api/activity-hybrid-photos.ts"),
    route("activities/:id/selective-update", "routes/api/activity-selective-update.ts"),
    // The history and the trash (issue #24).
    route("activities/:id/history", "routes/api/activity-history.ts"),
    route("activities/:id/restore", "routes/api/activity-restore.ts"),
    // Cities, tags and categories.
    route("cities", "routes/api/cities.ts"),
    route("cities/count", "routes/api/cities-count.ts"),
    route("cities/:id", "routes/api/city.ts"),
    route("cities/:id/featured-image", "routes/api/city-featured-image.ts"),
    route("cities/:id/image-options", "routes/api/city-image-options.ts"),
    route("cities/:id/set-featured-image", "routes/api/city-set-featured-image.ts"),
    route("cities-with-counts", "routes/api/cities-with-counts.ts"),
    route("tags", "routes/api/tags.ts"),
    route("tags/:id", "routes/api/tag.ts"),
    route("categories", "routes/api/categories.ts"),
    route("categories/:id", "routes/api/category.ts"),
    // Page meta, SEO settings and page scripts.
    route("seo-settings", "routes/api/seo-settings.ts"),
    route("tag-meta/:country/:region/:city/:tagSlug", "routes/api/tag-meta.ts"),
    route("category-meta/:country/:region/:city/:categorySlug", "routes/api/category-meta.ts"),
    route("scripts", "routes/api/scripts.ts"),
    // The header search and the map's token.
    route("search", "routes/api/search.ts"),
    route("mapbox-token", "routes/api/mapbox-token.ts"),
  ]),

  // Activities' photos from other sites, drawn at the size a page shows them (the photo service).
  route("photos/:id/:size", "routes/public/photo.ts"),
  // oEmbed (oembed.com): publishing tools turn an activity's URL into its embed card.
  route("oembed", "routes/public/oembed.ts"),
  // Files at the site root for crawlers and load balancers.
  route("sitemap.xml", "routes/public/sitemap.ts", { id: "sitemap" }),
  route("sitemaps/:file", "routes/public/sitemap.ts", { id: "sitemap-page" }),
  route("robots.txt", "routes/public/robots.ts"),
  route("healthz", "routes/healthz.ts"),
] satisfies RouteConfig;
