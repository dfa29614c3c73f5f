// The tag and category pages' statements on a bench database (issue #25): EXPLAIN ANALYZE of the list (page 1) for
// every city × tag × sort and city × category × sort, and of the count for every city × tag and city × category,
// as app/data/activities/city-list.server.ts builds them. Prints the sum, the worst and the most buffers.
//   tsx scripts/bench/list-plans.ts <database> [worst=10] [--json file]
import { writeFileSync } from "node:fs";
import pg from "pg";
import { countStatement, pageStatement } from "../../app/data/activities/city-list.server";
import { fixedOnly } from "../../app/domain/pages/filters";
import { SORT_ORDERS } from "../../app/domain/pages/sort";

const SERVER = process.env.DATABASE_SERVER ?? "postgres://postgres@127.0.0.1:5432";
const [name, worstArg, jsonFlag, jsonFile] = process.argv.slice(2);
if (!name) throw new Error("usage: list-plans.ts <database> [worst] [--json file]");
const worst = Number(worstArg ?? 10);

type Plan = { "Execution Time": number; Plan: { "Shared Hit Blocks": number; "Shared Read Blocks": number } };
type Row = { kind: "list" | "count"; city: string; subject: string; sort: string; ms: number; buffers: number };

const client = new pg.Client({ connectionString: `${SERVER}/${name}` });
await client.connect();
async function explain(statement: { text: string; values: unknown[] }): Promise<{ ms: number; buffers: number }> {
  const r = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`, statement.values);
  const [plan] = r.rows[0]["QUERY PLAN"] as Plan[];
  return { ms: plan["Execution Time"], buffers: plan.Plan["Shared Hit Blocks"] + plan.Plan["Shared Read Blocks"] };
}

const cities = (await client.query(`SELECT id, name FROM "City" ORDER BY name`)).rows as { id: string; name: string }[];
const tags = (await client.query(`SELECT name FROM "Tag" ORDER BY name`)).rows.map((r: { name: string }) => r.name);
const categories = (await client.query(`SELECT name FROM "Category" ORDER BY name`)).rows.map(
  (r: { name: string }) => r.name,
);
const subjects = [
  ...tags.map((tag: string) => ({ label: `tag ${tag}`, fixed: { tag } })),
  ...categories.map((category: string) => ({ label: `category ${category}`, fixed: { category } })),
];

const rows: Row[] = [];
for (const city of cities) {
  for (const subject of subjects) {
    const base = fixedOnly(subject.fixed);
    rows.push({
      kind: "count",
      city: city.name,
      subject: subject.label,
      sort: "",
      ...(await explain(countStatement(city.id, base))),
    });
    for (const sort of SORT_ORDERS) {
      const filters = { ...base, sort };
      rows.push({
        kind: "list",
        city: city.name,
        subject: subject.label,
        sort,
        ...(await explain(pageStatement(city.id, filters, 1))),
      });
    }
  }
}
await client.end();

for (const kind of ["list", "count"] as const) {
  for (const family of ["tag", "category"]) {
    const of = rows.filter((r) => r.kind === kind && r.subject.startsWith(family));
    const sum = of.reduce((s, r) => s + r.ms, 0);
    const buffers = of.reduce((s, r) => s + r.buffers, 0);
    const max = Math.max(...of.map((r) => r.ms));
    console.log(
      `${kind} ${family}: ${of.length} statements, sum ${sum.toFixed(0)} ms, mean ${(sum / of.length).toFixed(2)} ms, max ${max.toFixed(1)} ms, buffers ${(buffers / of.length).toFixed(0)} a statement`,
    );
  }
}
console.log(`worst ${worst}:`);
for (const r of [...rows].sort((a, b) => b.ms - a.ms).slice(0, worst)) {
  console.log(
    `  ${r.ms.toFixed(1).padStart(7)} ms ${String(r.buffers).padStart(6)} buf  ${r.kind} ${r.city} ${r.subject} ${r.sort}`,
  );
}
if (jsonFlag === "--json" && jsonFile) writeFileSync(jsonFile, JSON.stringify(rows));
