import { relative } from 'node:path';
import ts from 'typescript';

/*
 * Import cycles with type-only imports counted. import-x/no-cycle (eslint.config.js) skips every
 * `import type`, so it sees only the cycles that run; a cycle of types still ties two modules
 * together, and each is broken by moving the type to the module that owns it (functions/lib/entities).
 * TypeScript's own resolver reads tsconfig.json, so the path aliases resolve exactly as tsc does.
 */

/** Each module, by its path from the root, and the project modules it imports (types, re-exports and dynamic imports included). */
export type ImportGraph = Map<string, string[]>;

export function importGraph(root: string): ImportGraph {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${root}/tsconfig.json`,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error(`Cannot read ${root}/tsconfig.json`);
  const host = ts.createCompilerHost(config.options);
  const inProject = (file: string) => !file.includes('/node_modules/');
  const graph: ImportGraph = new Map();
  for (const file of config.fileNames.filter(inProject)) {
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
    const imported = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, config.options, host).resolvedModule)
      .filter((module) => module && !module.isExternalLibraryImport && inProject(module.resolvedFileName))
      .map((module) => relative(root, module!.resolvedFileName));
    graph.set(relative(root, file), [...new Set(imported)]);
  }
  return graph;
}

/** Every cycle: each set of modules that import one another, round, sorted (Tarjan's strongly connected components). */
export function cyclesOf(graph: ImportGraph): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (module: string) => {
    order.set(module, order.size);
    low.set(module, order.get(module)!);
    stack.push(module);
    for (const next of graph.get(module) ?? []) {
      if (!order.has(next)) visit(next);
      if (stack.includes(next)) low.set(module, Math.min(low.get(module)!, low.get(next)!));
    }
    if (low.get(module) !== order.get(module)) return;
    const component = stack.splice(stack.indexOf(module));
    if (component.length > 1 || graph.get(module)?.includes(module)) cycles.push(component.sort());
  };
  for (const module of graph.keys()) if (!order.has(module)) visit(module);
  return cycles;
}
