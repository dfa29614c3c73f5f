// Photos for the bench's second Lighthouse pass (issue #13: the card and detail pages keep their scores with real
// photos). The seed has no photos, so the pages show small category illustrations; here every activity gets a
// Google-like photo at both sizes the places service stores (the card's 800-pixel copy and the detail page's
// 1,200 pixels) from a server of its own, which plays Google's photo host: the site's photo service fetches them
// from it (the phone never does), so the site is started with GOOGLE_PLACES_BASE_URL at its origin, the one
// private origin the photo service may reach. The JPEGs are drawn once in Chromium: a sky, hills and noise, which
// compress about as a photo does.
import { createServer } from "node:http";
import { chromium } from "playwright-core";
import { CARD_PHOTO_WIDTH_PX, PHOTO_MAX_WIDTH_PX } from "../../app/domain/places/places";
import { freePort } from "../harness";

const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * Draws a landscape JPEG `width` wide (3:4): a sky, hills and noise, which compress about as a photo does. A string
 * for page.evaluate, not a function: tsx names a script's inner functions with a helper the page does not have.
 */
const DRAW_PHOTO = `(width) => {
  const height = Math.round((width * 3) / 4);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext("2d");
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const sky = g.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, "#5b8fd0");
  sky.addColorStop(1, "#dfe9f3");
  g.fillStyle = sky;
  g.fillRect(0, 0, width, height);
  for (let layer = 0; layer < 4; layer++) {
    g.fillStyle = "hsl(" + (100 + layer * 12) + ", 35%, " + (45 - layer * 8) + "%)";
    g.beginPath();
    g.moveTo(0, height);
    for (let x = 0; x <= width; x += width / 40) {
      g.lineTo(x, height * (0.45 + layer * 0.12) + Math.sin(x / (60 + layer * 30)) * 30 + random() * 25);
    }
    g.lineTo(width, height);
    g.fill();
  }
  // Texture: foliage-like noise, scaled with the picture so both sizes hold the same scene.
  const image = g.getImageData(0, 0, width, height);
  for (let i = 0; i < image.data.length; i += 4) {
    const n = (random() - 0.5) * 30;
    image.data[i] += n;
    image.data[i + 1] += n;
    image.data[i + 2] += n;
  }
  g.putImageData(image, 0, 0);
  return canvas.toDataURL("image/jpeg", 0.8);
}`;

/** The photo at each width, drawn with a fixed seed in the system Chromium. */
async function drawPhotos(widths: readonly number[]): Promise<Map<number, Buffer>> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage();
    const photos = new Map<number, Buffer>();
    for (const width of widths) {
      const dataUrl = await page.evaluate<string>(`(${DRAW_PHOTO})(${width})`);
      photos.set(width, Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"));
    }
    return photos;
  } finally {
    await browser.close();
  }
}

export interface PhotoServer {
  origin: string;
  /** Bytes of one photo at each width. */
  bytes: Map<number, number>;
  /** The photo address of an activity at a width: each activity its own, as Google's are. */
  url(activityId: number | string, width: number): string;
  close(): Promise<void>;
}

/** Draws the photos and serves them at http://127.0.0.1:{port}/p/{id}-w{width}.jpg, as a photo host does. */
export async function startPhotoServer(): Promise<PhotoServer> {
  const photos = await drawPhotos([CARD_PHOTO_WIDTH_PX, PHOTO_MAX_WIDTH_PX]);
  const server = createServer((req, res) => {
    // Any query (the bench's first-visit pass gives each run new addresses) names the same photo.
    const width = Number(/^\/p\/\d+-w(\d+)\.jpg(?:\?.*)?$/.exec(req.url ?? "")?.[1]);
    const body = photos.get(width);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      "Content-Type": "image/jpeg",
      "Content-Length": body.length,
      "Cache-Control": "max-age=86400",
    });
    res.end(body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    bytes: new Map([...photos].map(([width, body]) => [width, body.length])),
    url: (id, width) => `${origin}/p/${id}-w${width}.jpg`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
