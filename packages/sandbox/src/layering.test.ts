import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The sandbox's layers, checked on its source text: no import circle among its files; the domain layers
 * (`services/`, `custody/`) never reach up into the HTTP layer (`http/`, `routes/`), and custody never into the
 * product services; no source file over MAX_LINES.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const MAX_LINES = 400;

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !isTest(entry.name) ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

/** Relative imports and re-exports of a file (type-only ones too), as paths relative to `src/`. */
function importsOf(file: string, text = readFileSync(path.join(SRC, file), 'utf8')): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]!);
  return specifiers.map((specifier) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.js$/, '.ts'),
  );
}

/** Every import circle (strongly connected component of more than one file, or a file importing itself). */
function findCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || graph.get(node)?.includes(node)) circles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

const files = sourceFiles();
const graph = new Map(files.map((file) => [file, importsOf(file)]));

/** Which layers a file may not import, by the folder it lives in. */
const forbidden: readonly { from: RegExp; to: RegExp; why: string }[] = [
  { from: /^services\//, to: /^(http|routes)\//, why: 'services do not know the HTTP layer' },
  { from: /^custody\//, to: /^(http|routes|services)\//, why: 'the custody emulator stands on its own' },
];

describe('sandbox layering', () => {
  it('default: the checks see the source tree', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(graph.get('app.ts')).toContain('context.ts');
  });

  it('error: findCircles finds a circle, and only a circle', () => {
    expect(findCircles(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]]))).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(findCircles(new Map([['a.ts', ['b.ts']], ['b.ts', []], ['c.ts', ['c.ts']]]))).toEqual([['c.ts']]);
  });

  it('behavior: no import circle among the sandbox source files', () => {
    expect(findCircles(graph)).toEqual([]);
  });

  it('behavior: services and custody never import the HTTP layer (custody: nor the services)', () => {
    const violations = [...graph].flatMap(([file, imports]) =>
      forbidden.flatMap((rule) => (rule.from.test(file) ? imports.filter((target) => rule.to.test(target)).map((target) => `${file} → ${target} (${rule.why})`) : [])),
    );
    expect(violations).toEqual([]);
  });

  it(`behavior: no source file over ${MAX_LINES} lines`, () => {
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(SRC, file), 'utf8').replace(/\n$/, '').split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });
});
