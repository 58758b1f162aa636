// No client component over 300 lines (issue 34): a component that long does several jobs and is testable
// only through the browser; its state belongs in a hook and its sections in components of their own.
// Measured as the issue measured it: every function declaration, and every arrow function, function
// expression or call (memo, forwardRef, lazy) assigned to a capitalised name, in the .tsx files under
// client/ (tests excluded), from its first line to its last.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const LIMIT = 300;

const root = fileURLToPath(new URL("..", import.meta.url));
const client = join(root, "client");

function tsxFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) tsxFiles(path, out);
    else if (entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx")) out.push(path);
  }
  return out;
}

export interface Measured {
  name: string;
  lines: number;
}

/** Every capitalised function of one source file, with its length in lines. */
export function measureComponents(fileName: string, text: string): Measured[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Measured[] = [];
  const visit = (node: ts.Node) => {
    let name: string | null = null;
    let body: ts.Node | null = null;
    if (ts.isFunctionDeclaration(node) && node.name) {
      name = node.name.text;
      body = node;
    } else if (
      ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer) ||
        ts.isCallExpression(node.initializer))
    ) {
      name = node.name.text;
      body = node.initializer;
    }
    if (name && body && /^[A-Z]/.test(name)) {
      const first = source.getLineAndCharacterOfPosition(body.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(body.getEnd()).line;
      found.push({ name, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("client component size", () => {
  it("measures declared, arrow and wrapped components from their first line to their last", () => {
    const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const text = [
      `export function Long() {\n${body(LIMIT + 1)}\n}`,
      `const Arrow = () => {\n${body(10)}\n};`,
      `const Wrapped = memo(function Inner() {\n${body(5)}\n});`,
      `function helper() {\n  return 1;\n}`,
    ].join("\n");
    expect(measureComponents("x.tsx", text)).toEqual([
      { name: "Long", lines: LIMIT + 1 },
      { name: "Arrow", lines: 10 },
      { name: "Wrapped", lines: 5 },
    ]);
  });

  it(`has no component over ${LIMIT} lines`, () => {
    const files = tsxFiles(client);
    expect(files.length).toBeGreaterThan(100);
    const over: string[] = [];
    for (const file of files) {
      const path = relative(root, file).replaceAll("\\", "/");
      for (const c of measureComponents(file, readFileSync(file, "utf8"))) {
        if (c.lines <= LIMIT) continue;
        over.push(`${path} ${c.name}: ${c.lines} lines`);
      }
    }
    expect(over).toEqual([]);
  });
});
