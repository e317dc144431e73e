// The engine's sources form layers (docs/architecture.md, "Layers"): no file may reach, through
// relative imports (`import type` and re-exports included), back to itself.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every relative module a file imports or re-exports, types included, resolved to a path. */
export function relativeImports(file: string, text: string): string[] {
  const specifiers = [
    ...text.matchAll(/\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s+['"](\.[^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s+['"](\.[^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers
    .filter((s) => !s.endsWith('.json'))
    .map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

/** The cycles of a directed graph, each as the path that closes it (first node repeated). */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const s = state.get(next);
      if (s === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (s === undefined) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('the engine import graph', () => {
  const files = sourceFiles(SRC);
  const graph = new Map(files.map((f) => [f, relativeImports(f, readFileSync(f, 'utf8'))]));

  it('reads every source file and resolves every relative import to one of them', () => {
    expect(files.length).toBeGreaterThan(30);
    const known = new Set(files);
    const dangling = [...graph].flatMap(([f, to]) =>
      to.filter((t) => !known.has(t)).map((t) => `${relative(SRC, f)} -> ${relative(SRC, t)}`),
    );
    expect(dangling).toEqual([]);
  });

  it('has no cycle', () => {
    const cycles = findCycles(graph).map((c) => c.map((f) => relative(SRC, f)).join(' -> '));
    expect(cycles).toEqual([]);
  });

  it('keeps the layers: the kernel and the game never import the module API or case runners', () => {
    const layer = (f: string): string => relative(SRC, f).split('/')[0]!;
    const above: Record<string, readonly string[]> = {
      adjudicate: ['game', 'variant', 'cases', 'orders'],
      game: ['variant', 'cases'],
      variant: ['cases'],
    };
    const upward = [...graph].flatMap(([f, to]) =>
      to
        .filter((t) => above[layer(f)]?.includes(layer(t)) === true)
        .map((t) => `${relative(SRC, f)} -> ${relative(SRC, t)}`),
    );
    expect(upward).toEqual([]);
  });

  it('the cycle finder finds type-only and indirect cycles', () => {
    const a = '/x/a.ts';
    const b = '/x/b.ts';
    const c = '/x/c.ts';
    const imports = relativeImports(a, "import type { T } from './b.js';\nexport * from './c.js';");
    expect(imports).toEqual([b, c]);
    expect(
      findCycles(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, [a]],
        ]),
      ),
    ).toEqual([[a, b, c, a]]);
    expect(
      findCycles(
        new Map([
          [a, [b, c]],
          [b, [c]],
          [c, []],
        ]),
      ),
    ).toEqual([]);
  });
});
