// Every route of the built route table, every method, signed out and signed in as an administrator, with generated
// hostile inputs in the path, the query string, the headers and the body: no answer may be a 5xx (rule 4: bad input
// gets a clear 4xx). fast-check draws the inputs from a fixed seed, so a failure names a reproducible request.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { PLACES_NOT_CONFIGURED_MESSAGE } from "~/domain/places";
import { adminHttp } from "../helpers/admin";
import { setUpSite } from "../helpers/e2e";
import { builtRoutes, type BuiltRoute } from "../helpers/routes";

const site = setUpSite({ browser: false });
let cookie = "";

beforeAll(async () => {
  ({ cookie } = await adminHttp(site.server).signedInCookie("fuzzer@example.com"));
});

const SEED = 20261123;
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** Text that has broken this kind of server before: NUL, lone surrogates, wildcards, huge, numeric edge cases. */
const hostileText = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\udc00x",
    "%",
    "_",
    "\\",
    "%_%",
    "../../etc/passwd",
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "2147483648",
    "-1",
    "0",
    "00356",
    "1e309",
    "NaN",
    "1.5",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "🎉",
    "",
    " ",
    "null",
    "true",
    "[]",
    "{}",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  // Long, but within what a URL may carry (Node refuses request heads over 16 KB with 431).
  fc.nat({ max: 200 }).map((n) => "x".repeat(n * 20)),
);

/** JSON values where text, numbers, lists or objects are expected. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 4 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

const FIELD_NAMES = [
  "title",
  "excerpt",
  "latitude",
  "longitude",
  "cityId",
  "category",
  "categoryName",
  "tags",
  "ids",
  "activityIds",
  "intent",
  "name",
  "id",
  "q",
  "search",
  "page",
  "sort",
  "limit",
  "offset",
  "showPhotos",
  "email",
  "scope",
  "__proto__",
  "constructor",
];
const fieldName = fc.oneof(fc.constantFrom(...FIELD_NAMES), hostileText);

/** A path segment as a client could send it: percent-encoded, or raw bytes that are not UTF-8 at all. */
const segment = fc.oneof(
  hostileText.map((t) => {
    try {
      return encodeURIComponent(t);
    } catch {
      return "%ED%A0%80"; // an unpaired surrogate cannot be encoded; these are its bytes
    }
  }),
  fc.constantFrom("%ED%A0%80", "%FF", "%C0%AF", "nashville", "things-to-do", "usa", "tn", "1"),
);

function encodeQuery(pairs: Array<[string, string]>): string {
  return pairs
    .map(([k, v]) => {
      try {
        return `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
      } catch {
        return `${encodeURIComponent("q")}=%ED%A0%80`;
      }
    })
    .join("&");
}

const body = fc.oneof(
  fc
    .dictionary(fieldName, hostileValue, { maxKeys: 6 })
    .map((o) => ({ type: "application/json", data: JSON.stringify(o) })),
  fc.array(fc.tuple(fieldName, hostileText), { maxLength: 6 }).map((pairs) => ({
    type: "application/x-www-form-urlencoded",
    data: encodeQuery(pairs),
  })),
  fc.constantFrom(
    { type: "application/json", data: "{nope" },
    { type: "application/json", data: '"a string"' },
    { type: "application/json", data: "[1,2,3]" },
    { type: "application/json", data: '{"title":"\\ud800"}' },
    { type: "text/plain", data: '{"title":"x"}' },
    { type: "multipart/form-data; boundary=x", data: "--x\r\nbroken" },
    { type: "multipart/form-data", data: "no boundary" },
    { type: "application/x-www-form-urlencoded", data: "%%%=%%%" },
    { type: "application/json", data: `{"title":"${"x".repeat(1_100_000)}"}` },
    // Nested far deeper than any body the API takes (a 500 'Maximum call stack size exceeded' before #27.16a).
    { type: "application/json", data: `{"a":${"[".repeat(5000)}${"]".repeat(5000)}}` },
    { type: "application/json", data: `${'{"updates":'.repeat(3000)}{}${"}".repeat(3000)}` },
  ),
);

/** JSON nested `depth` levels deep under `key`: {"key":[[[…]]]}. */
function nested(key: string, depth: number): string {
  return `{"${key}":${"[".repeat(depth)}${"]".repeat(depth)}}`;
}

const request = fc.record({
  params: fc.array(segment, { minLength: 4, maxLength: 4 }),
  query: fc.array(fc.tuple(fieldName, hostileText), { maxLength: 4 }),
  body,
  signedIn: fc.boolean(),
});

function pathFor(route: BuiltRoute, params: string[]): string {
  let i = 0;
  return route.path
    .split("/")
    .map((s) => (s === "*" || s.startsWith(":") ? params[i++ % params.length] : s))
    .join("/");
}

// Signing out would end the walker's own session; those two routes are walked signed out only.
const SIGN_OUT = new Set(["/admin/logout", "/api/logout"]);

describe("hostile input", () => {
  const routes = builtRoutes();
  const CASES_PER_ROUTE = 14;

  it("walks every route of the route table", () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(["/api/activities/:id", "/admin/activities"]));
  });

  it("never answers 5xx, whatever the path, query, method, headers and body", { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    const cases = fc.sample(request, { seed: SEED, numRuns: routes.length * CASES_PER_ROUTE });
    for (const [r, route] of routes.entries()) {
      for (let c = 0; c < CASES_PER_ROUTE; c++) {
        const input = cases[r * CASES_PER_ROUTE + c]!;
        const method = METHODS[(r + c) % METHODS.length]!;
        const query = encodeQuery(input.query as Array<[string, string]>);
        const path = `${pathFor(route, input.params)}${query ? `?${query}` : ""}`;
        const headers: Record<string, string> = { Origin: site.url };
        if (input.signedIn && !SIGN_OUT.has(route.path)) headers.Cookie = cookie;
        const hasBody = method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
        if (hasBody) headers["Content-Type"] = input.body.type;
        const response = await fetch(site.url + path, {
          method,
          headers,
          body: hasBody ? input.body.data : undefined,
          redirect: "manual",
        }).catch((error: Error) => ({ status: 599, text: async () => `${error.message}: ${String(error.cause)}` }));
        sent++;
        if (response.status >= 500) {
          const detail = (await response.text()).slice(0, 200);
          failures.push(`${response.status} ${method} ${path.slice(0, 200)} ${input.body.type} — ${detail}`);
        }
      }
    }
    expect(sent).toBe(routes.length * CASES_PER_ROUTE);
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("refuses a body nested 5,000 levels deep with a 400 on every JSON write route", { timeout: 120_000 }, async () => {
    const [activity] = (await (await fetch(`${site.url}/api/activities?limit=1`)).json()) as { id: number }[];
    const [tag] = (await (await fetch(`${site.url}/api/tags`)).json()) as { id: number }[];
    const [category] = (await (await fetch(`${site.url}/api/categories`)).json()) as { id: number }[];
    const send = (method: string, path: string, data: string) =>
      fetch(site.url + path, {
        method,
        headers: { Origin: site.url, Cookie: cookie, "Content-Type": "application/json" },
        body: data,
        redirect: "manual",
      });
    // The ten routes of the report, each refused by the input layer with its message.
    const probed: Array<[string, string, string]> = [
      ["POST", "/api/activities", "title"],
      ["PUT", `/api/activities/${activity!.id}`, "title"],
      ["PATCH", `/api/activities/${activity!.id}/selective-update`, "updates"],
      ["POST", "/api/cities", "name"],
      ["PUT", "/api/seo-settings", "a"],
      ["PUT", "/api/scripts", "headScripts"],
      ["POST", "/api/tags", "name"],
      ["POST", "/api/categories", "name"],
      ["POST", "/api/activities/validate-batch", "activityIds"],
      ["POST", "/api/activities/bulk-category-update", "activityIds"],
      ["PUT", `/api/tags/${tag!.id}`, "name"],
      ["PUT", `/api/categories/${category!.id}`, "name"],
      ["PUT", "/api/cities/nashville", "name"],
    ];
    for (const [method, path, key] of probed) {
      const response = await send(method, path, nested(key, 5000));
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/more than \d+ levels deep/);
    }
    // Every other route that takes a body: no 5xx either.
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.hasAction && !SIGN_OUT.has(r.path))) {
      for (const method of ["POST", "PUT", "PATCH"]) {
        const path = pathFor(route, [String(activity!.id)]);
        const response = await send(method, path, nested("title", 5000));
        // The places calls take no body and answer the spec's 503 when Google Places is not configured (admin §8).
        const text = await response.text();
        if (response.status === 503 && text.includes(PLACES_NOT_CONFIGURED_MESSAGE)) continue;
        if (response.status >= 500) failures.push(`${response.status} ${method} ${path}`);
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });
});

describe("the remembered location (loc cookie)", () => {
  // Cookie headers are bytes: printable ASCII (no ';'), percent signs and the digits and signs a location has.
  const cookieText = fc.oneof(
    fc.string({ unit: fc.constantFrom(..."0123456789.,-+%eE abcxyzAF", "%E0", "%A4", "%2C"), maxLength: 40 }),
    fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => (c === 0x3b ? "%" : String.fromCharCode(c))) }),
    fc.constantFrom("%E0%A4%A", "%", "1,2,3", "91,0", "0,181", "NaN,NaN", "Infinity,1", "9".repeat(7000)),
  );

  it("answers the home page for 200 random loc cookies: the page without a location, or a city's", async () => {
    const plain = await fetch(`${site.url}/`);
    expect(plain.status).toBe(200);
    const failures: string[] = [];
    for (const value of fc.sample(cookieText, { seed: SEED, numRuns: 200 })) {
      const response = await fetch(`${site.url}/`, { headers: { Cookie: `loc=${value}` } });
      if (response.status !== 200) failures.push(`${response.status} loc=${value.slice(0, 60)}`);
      await response.arrayBuffer();
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });
});
