// An activity's photo that falls back when it fails to load (public-site §3 "Photo choice"); used by the
// card, the detail page and the embed card. The server chooses `src` (app/domain/activities/photos.ts), so without
// JavaScript that choice is all there is.
import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError"> & {
  src: string;
  /** What to show, in order, after a load error (photoFallbacks). */
  fallbacks: readonly string[];
};

export function ActivityPhoto({ src, srcSet, sizes, fallbacks, alt = "", ...img }: Props) {
  // How many addresses have failed, for this src only: a new src (client-side navigation) starts over.
  const [failed, setFailed] = useState({ of: src, count: 0 });
  const count = failed.of === src ? Math.min(failed.count, fallbacks.length) : 0;
  const current = count === 0 ? src : fallbacks[count - 1];
  const ref = useRef<HTMLImageElement>(null);

  const fallBack = () =>
    setFailed((f) => {
      const before = f.of === src ? f.count : 0;
      return before < fallbacks.length ? { of: src, count: before + 1 } : f;
    });

  useEffect(() => {
    // The server-rendered image may have failed before React listened for its error event. A lazy image
    // not yet fetched is not complete, so only a real failure matches.
    const el = ref.current;
    if (el && el.complete && el.naturalWidth === 0) fallBack();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);

  // A browser draws a srcset's choice over src, so a fallback goes without it.
  const sources = count === 0 && srcSet ? { srcSet, sizes } : {};
  return <img ref={ref} {...img} {...sources} src={current} alt={alt} onError={fallBack} />;
}
