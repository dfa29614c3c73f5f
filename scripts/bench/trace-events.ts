// Chromium trace events of a page's main thread, as the hydration scripts read them (scripts/trace-hydration.ts,
// scripts/task-model.ts).

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time (CPU time of the thread), where the trace has it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

/**
 * What `task` spent its own time on (ms): each event inside it less its direct children, by kind and, for scripts,
 * function and address (a stack over `main`, the thread's complete events in start order).
 */
export function selfTimes(task: TraceEvent, main: readonly TraceEvent[]): Map<string, number> {
  const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
  const self = new Map<string, number>();
  const stack: Array<{ e: TraceEvent; key: string; own: number }> = [];
  const pop = () => {
    const done = stack.pop()!;
    self.set(done.key, (self.get(done.key) ?? 0) + done.own / 1000);
  };
  for (const e of inside) {
    while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= e.ts) pop();
    if (stack.length) stack.at(-1)!.own -= e.dur!;
    const data = (e.args?.data ?? {}) as Record<string, unknown>;
    const url = typeof data.url === "string" ? data.url.replace(/^https?:\/\/[^/]+/, "") : "";
    const fn = typeof data.functionName === "string" ? data.functionName : "";
    const where = [fn, url].filter(Boolean).join(" ");
    stack.push({ e, key: `${e.name}${where ? ` ${where}` : ""}`, own: e.dur! });
  }
  while (stack.length) pop();
  return self;
}
