// Varnish in front of two app processes on one PostgreSQL (deploy/varnish/default.vcl, README 'Running in
// production'): the shipped VCL, with only its backends section pointed at the two processes, run by varnishd itself
// (scripts/varnish.ts, which the bench uses too).
// A public page is kept and served as a hit whose CSP still matches its body; an administrator's edit shows through
// Varnish once the app's purge (CACHE_PURGE_URLS) arrives; nothing rendered for a signed-in administrator, and no
// answer with Set-Cookie, ever reaches an anonymous visitor from the cache.
import { createHash } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVarnish, type VarnishProcess } from "../../scripts/varnish";
import { postgresBaseUrl } from "../helpers/postgres";
import { freePort, startServer, type TestServer } from "../helpers/server";

const ADMIN = "curator@example.com";
const CITY = "/usa/tn/nashville/things-to-do";
const DETAIL = `${CITY}/tootsies-orchid-lounge`;
/** Public pages an anonymous visitor and a signed-in administrator both read. */
const PUBLIC_PAGES = ["/cities", CITY, DETAIL, `${CITY}?sort=name-asc`, "/search?q=music", "/api/categories"];

/** Every script element in a page: its attributes and its text. */
function scriptsOf(html: string): Array<{ attributes: string; text: string }> {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map(([, attributes, text]) => ({
    attributes: attributes!,
    text: text!,
  }));
}

/**
 * Why the policy would block a script of the page, or null when it allows it: a script with a nonce must carry the
 * policy's nonce; an inline script without one must have its SHA-256 listed. Data blocks (JSON) do not run.
 */
function blockedScript(csp: string, script: { attributes: string; text: string }): string | null {
  const scriptSrc = /(?:^|;)\s*script-src\s+([^;]*)/.exec(csp)?.[1]?.split(/\s+/) ?? [];
  const type = /\btype="([^"]*)"/.exec(script.attributes)?.[1];
  if (type && !/^(module|text\/javascript|application\/javascript)$/i.test(type)) return null;
  const nonce = /\bnonce="([^"]*)"/.exec(script.attributes)?.[1];
  if (nonce !== undefined) return scriptSrc.includes(`'nonce-${nonce}'`) ? null : `nonce ${nonce} not in ${csp}`;
  if (/\bsrc=/.test(script.attributes)) return `a script without a nonce: <script${script.attributes}>`;
  const hash = createHash("sha256").update(script.text, "utf8").digest("base64");
  return scriptSrc.includes(`'sha256-${hash}'`) ? null : `sha256-${hash} not in ${csp}: ${script.text.slice(0, 80)}`;
}

describe.skipIf(!postgresBaseUrl())(
  "Varnish in front of two app processes (PostgreSQL only: the embedded PGlite is one process; set DATABASE_URL)",
  () => {
    let siteA: TestServer | undefined;
    let siteB: TestServer | undefined;
    let varnish: VarnishProcess | undefined;
    let base = "";
    /** Every answer read through Varnish, to check that none carrying Set-Cookie came from the cache. */
    const answers: Array<{ path: string; cache: string | null; setCookie: boolean; age: string | null }> = [];

    beforeAll(async () => {
      const port = await freePort();
      base = `http://localhost:${port}`;
      // Both processes serve the site at Varnish's address and purge it after each write.
      const env = {
        PUBLIC_URL: base,
        CACHE_PURGE_URLS: `http://127.0.0.1:${port}`,
        TRUST_PROXY: "loopback",
        WEB_CONCURRENCY: "1",
      };
      siteA = await startServer(env);
      siteB = await startServer(env, { shareDatabase: siteA.databaseUrl });
      const backends = [siteA, siteB].map((site) => ({ host: "127.0.0.1", port: Number(new URL(site.url).port) }));
      varnish = await startVarnish(port, backends);
      await varnish.answering("/healthz");
    }, 240_000);

    afterAll(async () => {
      await varnish?.stop();
      // The second one first: the first drops the database they share.
      await siteB?.stop();
      await siteA?.stop();
    });

    async function get(pathname: string, headers: Record<string, string> = {}) {
      const response = await fetch(base + pathname, { headers, redirect: "manual" });
      const setCookie = response.headers.getSetCookie().length > 0;
      answers.push({
        path: pathname,
        cache: response.headers.get("X-Cache"),
        setCookie,
        age: response.headers.get("Age"),
      });
      return response;
    }

    /** A request straight to one app process, for the site's host (PUBLIC_URL is Varnish's address). */
    function direct(
      site: TestServer,
      method: string,
      pathname: string,
      headers: Record<string, string> = {},
      body?: string,
    ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
      return new Promise((resolve, reject) => {
        const request = http.request(
          site.url + pathname,
          { method, headers: { ...headers, Host: new URL(base).host } },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (d: string) => (text += d));
            res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    }

    /** Signs in through a one-time link as an administrator would, via Varnish; returns the session cookie. */
    async function signIn(): Promise<string> {
      // The CLI's bridge is process A's own (its secret names its process), so the link is asked of A directly.
      const asked = await direct(
        siteA!,
        "POST",
        "/admin/cli/login-link",
        { Origin: base, Authorization: `Bearer ${siteA!.cliSecret()}`, "Content-Type": "application/json" },
        JSON.stringify({ email: ADMIN }),
      );
      expect(asked.status, asked.body).toBe(200);
      const link = (JSON.parse(asked.body) as { url: string }).url;
      const response = await fetch(base + new URL(link).pathname, {
        method: "POST",
        headers: { Origin: base },
        redirect: "manual",
      });
      expect(response.status).toBe(302);
      const session = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
      expect(session).toBeDefined();
      return session!.split(";")[0]!;
    }

    it("serves the second request for a public page from the cache, under a policy that matches its body", async () => {
      const first = await get(CITY);
      expect(first.status).toBe(200);
      await first.text();
      const hit = await get(CITY);
      expect(hit.status).toBe(200);
      expect(hit.headers.get("X-Cache")).toBe("HIT");
      expect(Number(hit.headers.get("Age"))).toBeGreaterThanOrEqual(0);
      // The app names what a shareable answer shows; the keys are the cache's own business, not the visitor's.
      expect((await direct(siteB!, "GET", CITY)).headers.xkey).toBe("data");
      expect((await direct(siteB!, "GET", "/admin/login")).headers.xkey).toBeUndefined();
      expect(hit.headers.get("xkey")).toBeNull();
      const html = await hit.text();
      expect(html).toContain("Nashville");
      const csp = hit.headers.get("Content-Security-Policy")!;
      const scripts = scriptsOf(html).filter((s) => !/\bsrc=/.test(s.attributes) || /\bnonce=/.test(s.attributes));
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.map((script) => blockedScript(csp, script)).filter(Boolean)).toEqual([]);
    });

    it("shows an administrator's edit through the cache once the app's purge arrives", async () => {
      const byApi = await get("/api/activities/by-slug/nashville/tootsies-orchid-lounge");
      expect(byApi.status).toBe(200);
      const { id } = (await byApi.json()) as { id: number };
      await (await get(DETAIL)).text();
      const before = await get(DETAIL);
      expect(before.status).toBe(200);
      expect(before.headers.get("X-Cache")).toBe("HIT");
      const excerpt = `Edited through Varnish at ${Date.now()}: honky-tonk since 1960.`;
      expect(await before.text()).not.toContain(excerpt);

      const cookie = await signIn();
      const saved = await fetch(`${base}/api/activities/${id}`, {
        method: "PUT",
        headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" },
        body: JSON.stringify({ excerpt }),
      });
      expect(saved.status).toBe(200);
      await expect
        .poll(async () => {
          const page = await get(DETAIL);
          expect(page.status).toBe(200);
          return (await page.text()).includes(excerpt);
        })
        .toBe(true);
      // Kept again, edited.
      await expect.poll(async () => (await get(DETAIL)).headers.get("X-Cache")).toBe("HIT");
      expect(await (await get(DETAIL)).text()).toContain(excerpt);
    });

    it("never serves what a signed-in administrator was answered, nor an answer with Set-Cookie, from the cache", async () => {
      const cookie = await signIn();
      // The administrator reads the public pages, the admin dashboard and the session call, each twice.
      for (const pathname of [...PUBLIC_PAGES, "/admin/activities", "/api/auth/user"]) {
        for (let i = 0; i < 2; i++) {
          const response = await get(pathname, { Cookie: cookie });
          expect(response.status, pathname).toBe(200);
          expect(response.headers.get("X-Cache"), pathname).toBe("MISS");
          const body = await response.text();
          if (pathname.startsWith("/admin") || pathname.startsWith("/api/auth"))
            expect(body, pathname).toContain(ADMIN);
        }
      }
      // Then a visitor who is not signed in asks for the same, until the cache keeps it: a write of the test before
      // is purged once more 2 s after it (SETTLE_DELAY_MS), which may empty the cache between two reads. Every
      // answer is checked, kept or not; a wrong one fails the test even if a later read is right.
      const wrong: string[] = [];
      for (const pathname of PUBLIC_PAGES) {
        await expect
          .poll(
            async () => {
              const response = await get(pathname);
              const body = await response.text();
              if (response.status !== 200) wrong.push(`${pathname}: ${response.status}`);
              if (response.headers.getSetCookie().length > 0) wrong.push(`${pathname}: Set-Cookie`);
              if (body.includes(ADMIN)) wrong.push(`${pathname}: the administrator's answer`);
              return response.headers.get("X-Cache");
            },
            { message: pathname },
          )
          .toBe("HIT");
      }
      expect(wrong).toEqual([]);
      const dashboard = await get("/admin/activities");
      expect(dashboard.status).toBe(302);
      expect(dashboard.headers.get("Location")).toMatch(/\/admin\/login$/);
      expect(await dashboard.text()).not.toContain(ADMIN);
      const user = await get("/api/auth/user");
      expect(user.status).toBe(401);
      expect(await user.text()).not.toContain(ADMIN);
      // The home page that follows a remembered location is the visitor's own, never kept.
      for (let i = 0; i < 2; i++) {
        const home = await get("/", { Cookie: "theme=dark; loc=36.16%2C-86.78" });
        expect(home.status).toBe(200);
        expect(home.headers.get("X-Cache")).toBe("MISS");
        await home.text();
      }
      // Over the whole run: an answer that set a cookie was always the app's own, fresh.
      const setCookieAnswers = answers.filter((answer) => answer.setCookie);
      expect(setCookieAnswers.filter((answer) => answer.cache !== "MISS")).toEqual([]);
    });

    it("takes purges only with the keys named", async () => {
      const response = await fetch(base + "/", { method: "PURGE" });
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/xkey-purge/);
    });
  },
);
