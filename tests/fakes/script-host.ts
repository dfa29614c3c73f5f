// A local stand-in for a third party's script host (an analytics vendor's tag, as an administrator pastes it into
// the Settings tab's scripts): GET /tag.js?name=N answers a script that records N, and the data-site attribute of
// the script element running it, in window.__externalScripts.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeScriptHost {
  /** http://127.0.0.1:{port} */
  origin: string;
  close(): Promise<void>;
}

export async function startFakeScriptHost(): Promise<FakeScriptHost> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://script-host");
    if (url.pathname !== "/tag.js") return void res.writeHead(404).end();
    const name = JSON.stringify(url.searchParams.get("name") ?? "");
    res.writeHead(200, { "Content-Type": "text/javascript" });
    res.end(
      `(window.__externalScripts = window.__externalScripts || []).push([${name}, ` +
        `document.currentScript && document.currentScript.getAttribute("data-site")]);`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
