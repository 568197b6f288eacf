import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * Which server modules import which (server/modules/<module>/): every import of another
 * module's file from a module's source (tests left out, since they may reach anywhere to set
 * up a world). Modules compose downward only, so the graph must have no cycle; imports of the
 * items kernel and of the shared home sit below every feature and are not counted as pairs.
 *
 * `node --import tsx scripts/module-graph.ts [checkout]` prints the pairs (with their import lines) and
 * any cycle; scripts/module-graph.test.ts holds the limits.
 */

const MODULES_DIR = "server/modules";
/** Modules every feature may build on: they import no feature module themselves. */
export const FOUNDATION_MODULES = ["shared", "items"] as const;

export interface ModuleImport {
  from: string;
  to: string;
  file: string;
}

const importPattern = /(?:import|export)\s[^"';]*?from\s+"([^"]+)"/g;

function moduleOfSpecifier(specifier: string, file: string): string | undefined {
  if (specifier.startsWith("#server/modules/")) return specifier.split("/")[2];
  if (!specifier.startsWith(".")) return undefined;
  const target = relative(MODULES_DIR, join(file, "..", specifier));
  return target.startsWith("..") ? undefined : target.split("/")[0];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Every import of one module's file by another module, in file order. */
export function moduleImports(root = "."): ModuleImport[] {
  const dir = join(root, MODULES_DIR);
  return sourceFiles(dir).flatMap((path) => {
    const file = relative(root, path);
    const from = relative(MODULES_DIR, file).split("/")[0] as string;
    return [...readFileSync(path, "utf8").matchAll(importPattern)].flatMap(([, specifier]) => {
      const to = moduleOfSpecifier(specifier as string, file);
      return to && to !== from ? [{ from, to, file }] : [];
    });
  });
}

/** "a -> b" for each importing pair, with its import lines. */
export function modulePairs(imports: ModuleImport[]): Map<string, ModuleImport[]> {
  const pairs = new Map<string, ModuleImport[]>();
  for (const edge of imports) {
    const key = `${edge.from} -> ${edge.to}`;
    pairs.set(key, [...(pairs.get(key) ?? []), edge]);
  }
  return pairs;
}

/** The pairs that count against the limit: imports of the foundation modules are free. */
export function countedPairs(imports: ModuleImport[]): Map<string, ModuleImport[]> {
  const foundation: readonly string[] = FOUNDATION_MODULES;
  return modulePairs(imports.filter((edge) => !foundation.includes(edge.to)));
}

/** Each cycle once, as the modules along it ("a -> b -> a"). */
export function moduleCycles(imports: ModuleImport[]): string[] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) edges.set(from, (edges.get(from) ?? new Set()).add(to));
  const cycles = new Set<string>();
  const walk = (path: string[]) => {
    const last = path.at(-1) as string;
    for (const next of edges.get(last) ?? []) {
      const seen = path.indexOf(next);
      if (seen >= 0) {
        const cycle = path.slice(seen);
        // One spelling per cycle: start at its alphabetically first module.
        const start = cycle.indexOf([...cycle].sort()[0] as string);
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.add([...rotated, rotated[0]].join(" -> "));
      } else walk([...path, next]);
    }
  };
  for (const start of edges.keys()) walk([start]);
  return [...cycles].sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const imports = moduleImports(process.argv[2]);
  const pairs = countedPairs(imports);
  for (const [pair, lines] of [...pairs].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `${pair} (${lines.length}): ${[...new Set(lines.map((line) => line.file))].join(", ")}`,
    );
  }
  const cycles = moduleCycles(imports);
  console.log(
    `\n${pairs.size} module pairs, ${[...pairs.values()].flat().length} import lines (imports of ${FOUNDATION_MODULES.join(" and ")} not counted)`,
  );
  console.log(cycles.length ? `cycles:\n  ${cycles.join("\n  ")}` : "no cycles");
}
