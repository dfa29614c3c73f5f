// zod compiles object schemas with `new Function` when it may; under the Content-Security-Policy (no
// 'unsafe-eval', app/http/csp.ts) even its check for that is a reported violation, so in the browser it parses
// without. zod reads its settings from one global object (`globalThis.__zod_globalConfig`, which its core creates
// only when absent), when a schema is built, often as its module loads, so the setting must come before any schema:
// the root route imports this module first, and the root is the first module every page runs. It imports nothing:
// a page whose modules build no schema loads no zod at all, not even its core (docs/decisions/028).
const global = globalThis as { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== "undefined") (global.__zod_globalConfig ??= {}).jitless = true;

export {};
