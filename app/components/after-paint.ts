// Work that should not hold up the paint of what a tap has just drawn (issue #26: a chip's tick on a low-tier phone).

/**
 * Runs `work` in a task of its own once the browser has painted what is drawn now: a frame callback runs just
 * before the next paint, and a task it queues runs just after (the same order as the page's script starter,
 * app/http/script-priority.ts). In a hidden tab, which never paints, in the next task. Returns a cancel function.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  if (document.visibilityState === "hidden") timer = setTimeout(work, 0);
  else frame = requestAnimationFrame(() => (timer = setTimeout(work, 0)));
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
