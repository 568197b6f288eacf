// Bulk loading into bare tables and indexing afterwards: building an index from sorted data once
// is several times cheaper than growing it row by row, and foreign keys checked by one join at
// the end cost far less than a trigger per row. Everything dropped is recreated from the
// definitions the migrations made (pg_get_constraintdef / pg_get_indexdef), so the schema
// after the load is exactly the app's.
import type { BulkTarget } from "./bulk-target.ts";

interface Definition {
  table: string;
  name: string;
  definition: string;
}

export interface IndexPhaseTimes {
  /** Seconds per recreated object, slowest first, to see where the load's time goes. */
  slowest: { name: string; seconds: number }[];
  totalSeconds: number;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Drops the primary keys, unique constraints, foreign keys and indexes of `tables` (and the
 * foreign keys of other tables that point at them), runs `load`, then recreates them all,
 * foreign keys last so each is validated once against complete tables.
 */
export async function withoutIndexes(
  target: BulkTarget,
  tables: readonly string[],
  load: () => Promise<void>,
  log: (message: string) => void,
): Promise<IndexPhaseTimes> {
  const tableList = tables.map((table) => `'${quoted(table)}'::regclass`).join(", ");
  const constraints = await target.rows<Definition & { type: "p" | "u" | "f" }>(`
    select conrelid::regclass::text as "table", conname as name, contype as type,
           pg_get_constraintdef(oid) as definition
      from pg_constraint
     where contype in ('p', 'u', 'f')
       and (conrelid in (${tableList}) or (contype = 'f' and confrelid in (${tableList})))`);
  const indexes = await target.rows<Definition>(`
    select i.indrelid::regclass::text as "table", c.relname as name,
           pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
     where i.indrelid in (${tableList})
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`);
  const foreignKeys = constraints.filter((constraint) => constraint.type === "f");
  const keys = constraints.filter((constraint) => constraint.type !== "f");

  const dropConstraint = (c: Definition) =>
    `alter table ${c.table} drop constraint ${quoted(c.name)};`;
  await target.exec(foreignKeys.map(dropConstraint).join("\n"));
  await target.exec(keys.map(dropConstraint).join("\n"));
  await target.exec(indexes.map((index) => `drop index ${quoted(index.name)};`).join("\n"));

  await load();

  const started = performance.now();
  const timings: { name: string; seconds: number }[] = [];
  const recreate = async (
    kind: string,
    items: Definition[],
    statement: (d: Definition) => string,
  ) => {
    for (const [position, item] of items.entries()) {
      const itemStarted = performance.now();
      await target.exec(statement(item));
      const seconds = (performance.now() - itemStarted) / 1000;
      timings.push({ name: item.name, seconds });
      log(`${kind} ${position + 1}/${items.length} ${item.name} (${seconds.toFixed(1)} s)`);
    }
  };
  const addConstraint = (c: Definition) =>
    `alter table ${c.table} add constraint ${quoted(c.name)} ${c.definition}`;
  await recreate("key", keys, addConstraint);
  await recreate("index", indexes, (index) => index.definition);
  await recreate("foreign key", foreignKeys, addConstraint);
  timings.sort((a, b) => b.seconds - a.seconds);
  return {
    slowest: timings.slice(0, 8).map(({ name, seconds }) => ({ name, seconds: round1(seconds) })),
    totalSeconds: round1((performance.now() - started) / 1000),
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
