// zod compiles object schemas with `new Function` when it may; under the Content-Security-Policy (no
// 'unsafe-eval', app/http/csp.ts) even its check for that is a reported violation, so in the browser it parses
// without. Whether it may is read when a schema is built, often as its module loads, so the setting must come
// before any schema: the build resolves every `import … from "zod"` in the app to this module (vite.config.ts), whose
// body runs before the body of any module importing it. A page whose modules use no zod loads none
// (docs/decisions/028); zod itself is "zod/v4", the same modules under another name.
import { z } from "zod/v4";

if (typeof document !== "undefined") z.config({ jitless: true });

export * from "zod/v4";
export { z, z as default };
