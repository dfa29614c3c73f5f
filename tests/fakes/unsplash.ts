// A local stand-in for the Unsplash API (https://unsplash.com/documentation): GET /search/photos (query,
// orientation, per_page), GET /photos/:id and GET /photos/:id/download, each refusing a request without
// 'Authorization: Client-ID {key}' with 401 as Unsplash does. The test sets what the search answers: photos, none,
// or an error status for the next requests.
import http from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_UNSPLASH_KEY = "fake-unsplash-key";

export interface FakeUnsplash {
  /** The base URL to give the site as UNSPLASH_BASE_URL. */
  url: string;
  /** Every request, as 'METHOD /path?query'. */
  requests: string[];
  /** How many photos a search finds (default 3). */
  setPhotoCount(count: number): void;
  /** Answer the next `times` requests with `status` (429, 500…). */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

function photo(base: string, n: number) {
  const id = `photo-${n}`;
  return {
    id,
    description: null,
    alt_description: `City view ${n}`,
    urls: {
      regular: `https://images.unsplash.example/${id}?w=1080`,
      small: `https://images.unsplash.example/${id}?w=400`,
    },
    user: { name: `Photographer ${n}`, links: { html: `https://unsplash.com/@photographer${n}` } },
    links: { html: `https://unsplash.com/photos/${id}`, download_location: `${base}/photos/${id}/download` },
  };
}

export async function startFakeUnsplash(): Promise<FakeUnsplash> {
  const requests: string[] = [];
  let photoCount = 3;
  let failures: { status: number; times: number } = { status: 0, times: 0 };
  let base = "";
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", base);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (req.headers.authorization !== `Client-ID ${FAKE_UNSPLASH_KEY}`) {
      return json(401, { errors: ["OAuth error: The access token is invalid"] });
    }
    if (failures.times > 0) {
      failures.times--;
      return json(failures.status, { errors: ["Rate Limit Exceeded"] });
    }
    if (url.pathname === "/search/photos") {
      const perPage = Number(url.searchParams.get("per_page") ?? 10);
      const results = Array.from({ length: Math.min(perPage, photoCount) }, (_, i) => photo(base, i + 1));
      return json(200, { total: photoCount, total_pages: 1, results });
    }
    const download = url.pathname.match(/^\/photos\/photo-(\d+)\/download$/);
    if (download) return json(200, { url: `https://images.unsplash.example/photo-${download[1]}` });
    const single = url.pathname.match(/^\/photos\/photo-(\d+)$/);
    if (single && Number(single[1]) <= photoCount) return json(200, photo(base, Number(single[1])));
    return json(404, { errors: ["Couldn't find Photo"] });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    setPhotoCount(count) {
      photoCount = count;
    },
    failNext(status, times = 1) {
      failures = { status, times };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
