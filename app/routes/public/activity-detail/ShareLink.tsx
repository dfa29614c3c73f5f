import { useState, type MouseEvent } from "react";

/**
 * 'Share': the device share sheet when there is one, else the link is copied and an alert says 'Link copied to
 * clipboard!' (the spec's own alert). Without JavaScript it is a plain mailto link carrying the page URL.
 */
export function ShareLink({ title, url, mailto }: { title: string; url: string; mailto: string }) {
  const [status, setStatus] = useState("");
  async function share(event: MouseEvent<HTMLAnchorElement>) {
    if (typeof navigator.share === "function") {
      event.preventDefault();
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if ((error as DOMException)?.name === "AbortError") return; // the visitor closed the sheet
      }
    }
    if (navigator.clipboard?.writeText) {
      event.preventDefault();
      try {
        await navigator.clipboard.writeText(url);
        setStatus("");
        window.alert("Link copied to clipboard!");
      } catch (error) {
        console.warn("Copying the link failed", error);
        setStatus(`Copy this link: ${url}`);
      }
    }
    // No share sheet and no clipboard: the mailto link does its job.
  }
  return (
    <>
      <a
        href={mailto}
        onClick={share}
        className="rounded-md border border-gray-300 px-4 py-2 font-semibold hover:border-gray-500"
        data-share-url={url}
      >
        Share
      </a>
      <p role="status" aria-live="polite" className="basis-full text-sm font-medium text-green-800 empty:hidden">
        {status}
      </p>
    </>
  );
}
