// One tag or category page's statement on a bench database, explained (issue #25): the plan behind a line of
// scripts/bench/list-plans.ts.
//   tsx scripts/bench/explain-list.ts <database> <city name> <tag | c:category> <sort | count>
import pg from "pg";
import { countStatement, pageStatement } from "../../app/data/activities/city-list.server";
import { fixedOnly } from "../../app/domain/pages/filters";
import type { SortOrder } from "../../app/domain/pages/sort";

const SERVER = process.env.DATABASE_SERVER ?? "postgres://postgres@127.0.0.1:5432";
const [name, cityName, subject, sort] = process.argv.slice(2);
if (!name || !cityName || !subject || !sort)
  throw new Error("usage: explain-list.ts <database> <city> <tag|c:category> <sort|count>");
const client = new pg.Client({ connectionString: `${SERVER}/${name}` });
await client.connect();
const city = (await client.query(`SELECT id FROM "City" WHERE name = $1`, [cityName])).rows[0].id as string;
const filters = fixedOnly(subject.startsWith("c:") ? { category: subject.slice(2) } : { tag: subject });
const statement =
  sort === "count" ? countStatement(city, filters) : pageStatement(city, { ...filters, sort: sort as SortOrder }, 1);
const r = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`, statement.values);
console.log(r.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n"));
await client.end();
