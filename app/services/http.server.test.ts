import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpRequest, HttpRequestError, isPublicAddress, type HttpFailure, type Resolver } from "./http.server";
import { rejectionOf } from "../../tests/helpers/rejection";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A local server whose handler each test sets, counting the requests that reached it. */
async function localServer() {
  let handler: Handler = (_req, res) => res.end("ok");
  const seen: { method: string; url: string; host: string; authorization?: string }[] = [];
  /** The paths of the requests whose connection ended before the handler answered them in full. */
  const cut: string[] = [];
  const server = http.createServer((req, res) => {
    res.once("close", () => {
      if (!res.writableFinished) cut.push(req.url!);
    });
    seen.push({
      method: req.method!,
      url: req.url!,
      host: req.headers.host!,
      authorization: req.headers.authorization,
    });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    seen,
    cut,
    handle(next: Handler) {
      handler = next;
      seen.length = 0;
      cut.length = 0;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let site: Awaited<ReturnType<typeof localServer>>;
let other: Awaited<ReturnType<typeof localServer>>;
beforeAll(async () => {
  [site, other] = await Promise.all([localServer(), localServer()]);
});
afterAll(async () => Promise.all([site?.close(), other?.close()]));

/** A resolver that answers `address` for every name, and counts its calls. */
function resolverTo(...addresses: string[]): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, HttpRequestError);

async function reason(promise: Promise<unknown>): Promise<HttpFailure> {
  return (await failure(promise)).reason;
}

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "255.255.255.255",
    "224.0.0.1",
    "192.0.2.1",
    "::1",
    "::",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd12:3456::1",
    "fec0::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "::127.0.0.1",
    "64:ff9b::7f00:1",
    "2002:7f00:1::1",
    "2001:db8::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("httpRequest refuses private addresses", () => {
  it("refuses a private address in the URL without connecting", async () => {
    for (const url of [
      site.url,
      `http://localhost:${site.port}/`,
      `http://[::1]:${site.port}/`,
      `http://[::ffff:127.0.0.1]:${site.port}/`,
      `http://2130706433:${site.port}/`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://0.0.0.0/",
      "http://[fd00::1]/",
      "http://100.64.0.1/",
    ]) {
      expect(await reason(httpRequest(url)), url).toBe("refused_address");
    }
    expect(site.seen).toHaveLength(0);
  });

  it("refuses a public-looking name that resolves to a private address, checking every address", async () => {
    expect(
      await reason(httpRequest(`http://www.example.com:${site.port}/`, { resolve: resolverTo("127.0.0.1") })),
    ).toBe("refused_address");
    const mixed = resolverTo("93.184.215.14", "10.0.0.5");
    const error = await failure(httpRequest("https://www.example.com/", { resolve: mixed }));
    expect(error.reason).toBe("refused_address");
    expect(error.message).toContain("10.0.0.5");
    expect(site.seen).toHaveLength(0);
  });

  it("refuses what is not http(s)", async () => {
    for (const url of ["file:///etc/passwd", "ftp://example.com/", "javascript:alert(1)", "/relative", "gopher://x/"]) {
      expect(await reason(httpRequest(url)), url).toBe("invalid_url");
    }
  });
});

describe("httpRequest with allowPrivate (configured service URLs)", () => {
  it("connects to the address it resolved and checked, not to a second lookup", async () => {
    site.handle((req, res) => res.end(`hello ${req.headers.host}`));
    // No DNS knows service.test: the answer can only come through the pinned lookup.
    const resolve = resolverTo("127.0.0.1");
    const response = await httpRequest(`http://service.test:${site.port}/hello`, { allowPrivate: true, resolve });
    expect(response.status).toBe(200);
    expect(response.text()).toBe(`hello service.test:${site.port}`);
    expect(resolve.calls).toEqual(["service.test"]);
  });

  it("counts redirects on the trusted origin and stops past the cap", async () => {
    site.handle((req, res) => {
      const n = Number(req.url!.slice(1));
      if (n > 0) res.writeHead(302, { Location: `/${n - 1}` }).end();
      else res.end("arrived");
    });
    const three = await httpRequest(`${site.url}/3`, { allowPrivate: true, maxRedirects: 3 });
    expect(three.text()).toBe("arrived");
    expect(three.redirects).toBe(3);
    expect(three.url).toBe(`${site.url}/0`);
    expect(await reason(httpRequest(`${site.url}/4`, { allowPrivate: true, maxRedirects: 3 }))).toBe(
      "too_many_redirects",
    );
    expect(site.seen.map((r) => r.url)).toEqual(["/3", "/2", "/1", "/0", "/4", "/3", "/2", "/1"]);
  });

  it("checks every redirect to another origin again", async () => {
    site.handle((req, res) => {
      const to =
        req.url === "/to-other" ? `${other.url}/` : req.url === "/to-name" ? "http://inside.test/" : "file:///x";
      res.writeHead(307, { Location: to }).end();
    });
    other.handle((_req, res) => res.end("inside"));
    expect(await reason(httpRequest(`${site.url}/to-other`, { allowPrivate: true }))).toBe("refused_address");
    const resolve = resolverTo("192.168.0.10");
    expect(await reason(httpRequest(`${site.url}/to-name`, { allowPrivate: true, resolve }))).toBe("refused_address");
    expect(await reason(httpRequest(`${site.url}/to-file`, { allowPrivate: true }))).toBe("invalid_url");
    expect(other.seen).toHaveLength(0);
  });

  it("continues a POST answered 303 as a GET without the body", async () => {
    site.handle((req, res) => {
      if (req.method === "POST") res.writeHead(303, { Location: "/done" }).end();
      else res.end(`${req.method} ${req.url}`);
    });
    const response = await httpRequest(site.url, { allowPrivate: true, method: "POST", body: "{}" });
    expect(response.text()).toBe("GET /done");
  });

  it("throws the status of an answer that is not 2xx", async () => {
    site.handle((_req, res) => res.writeHead(404).end("no"));
    const error = await failure(httpRequest(`${site.url}/missing`, { allowPrivate: true }));
    expect([error.reason, error.status, error.url]).toEqual(["status", 404, `${site.url}/missing`]);
  });

  it("reads gzip and brotli bodies", async () => {
    site.handle((req, res) => {
      const br = req.url === "/br";
      res.writeHead(200, { "Content-Encoding": br ? "br" : "gzip", "Content-Type": "application/json" });
      res.end((br ? zlib.brotliCompressSync : zlib.gzipSync)(JSON.stringify({ ok: true })));
    });
    expect((await httpRequest(`${site.url}/gz`, { allowPrivate: true })).json()).toEqual({ ok: true });
    expect((await httpRequest(`${site.url}/br`, { allowPrivate: true })).json()).toEqual({ ok: true });
  });
});

describe("httpRequest limits", () => {
  it("refuses a body over the cap, declared or streamed, and counts the decoded bytes", async () => {
    site.handle((req, res) => {
      if (req.url === "/declared") return res.writeHead(200, { "Content-Length": "5000" }).end("x".repeat(5000));
      if (req.url === "/bomb") {
        res.writeHead(200, { "Content-Encoding": "gzip" });
        return res.end(zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024)));
      }
      // Chunked, no length: only counting while reading can stop it.
      res.write("x".repeat(800));
      res.write("x".repeat(800));
      res.end();
    });
    const options = { allowPrivate: true, maxBytes: 1000 };
    expect(await reason(httpRequest(`${site.url}/declared`, options))).toBe("too_large");
    expect(await reason(httpRequest(`${site.url}/streamed`, options))).toBe("too_large");
    expect(await reason(httpRequest(`${site.url}/bomb`, { allowPrivate: true, maxBytes: 1024 * 1024 }))).toBe(
      "too_large",
    );
    expect((await httpRequest(`${site.url}/streamed`, { allowPrivate: true, maxBytes: 1600 })).body).toHaveLength(1600);
  });

  it("gives up at the deadline, whether the answer or its body is late", async () => {
    site.handle((req, res) => {
      if (req.url === "/slow-body") {
        res.writeHead(200);
        res.write("partial");
      }
      // else: never answers
    });
    for (const path of ["/silent", "/slow-body"]) {
      expect(await reason(httpRequest(`${site.url}${path}`, { allowPrivate: true, timeoutMs: 300 }))).toBe("timeout");
      // The request was abandoned: its connection ended while the server had not finished answering.
      await expect.poll(() => site.cut).toContain(path);
    }
  });

  it("reports an unreachable service as a network failure", async () => {
    const closed = await localServer();
    await closed.close();
    expect(await reason(httpRequest(closed.url, { allowPrivate: true }))).toBe("network");
  });
});

describe("httpRequest for link checks", () => {
  it("answers with the headers alone and reads none of a large body", async () => {
    let written = 0;
    site.handle((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      // An endless page: only a reader that stops after the headers gets an answer.
      const chunk = "x".repeat(64 * 1024);
      const pump = () => {
        while (res.write(chunk)) {
          written += chunk.length;
          if (written > 50 * 1024 * 1024) return res.end();
        }
        res.once("drain", pump);
      };
      pump();
    });
    const response = await httpRequest(`${site.url}/page`, { allowPrivate: true, headersOnly: true, maxBytes: 1000 });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html");
    expect(response.body).toHaveLength(0);
    expect(written).toBeLessThan(50 * 1024 * 1024);
  });

  it("still throws the status of an answer that is not 2xx", async () => {
    site.handle((_req, res) => res.writeHead(404).end("gone"));
    const error = await failure(httpRequest(`${site.url}/gone`, { allowPrivate: true, headersOnly: true }));
    expect([error.reason, error.status]).toEqual(["status", 404]);
  });

  it("stops at the redirect the caller chooses, without checking or fetching its target", async () => {
    site.handle((req, res) => {
      if (req.url === "/short") res.writeHead(302, { Location: "/middle" }).end();
      else if (req.url === "/middle") res.writeHead(301, { Location: "http://10.0.0.1/maps/place/x" }).end();
      else res.end("page");
    });
    const stopAt = (target: URL) => target.pathname.startsWith("/maps/");
    const response = await httpRequest(`${site.url}/short`, { allowPrivate: true, stopRedirect: stopAt });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("http://10.0.0.1/maps/place/x");
    expect([response.url, response.redirects]).toEqual([`${site.url}/middle`, 1]);
    expect(site.seen.map((r) => r.url)).toEqual(["/short", "/middle"]);
  });
});
