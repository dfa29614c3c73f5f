// zod compiles object schemas with `new Function` when it may; under the Content-Security-Policy (no
// 'unsafe-eval', app/http/csp.ts) even its check for that is a reported violation, so in the browser it parses
// without. Imported first by root.tsx: schemas are built when their modules load, before any other code runs.
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });
