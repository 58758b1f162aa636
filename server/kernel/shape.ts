// Objects of one fixed shape, made by a function compiled once per shape. A record is made for every row
// of every page: built field by field with computed keys (`out[name] = …`) V8 takes each key through its
// generic keyed-store path, about 3 µs for a 45-field record; an object literal of the same fields, written
// out once as code, is made in a fraction of that and starts with its final hidden class (which also keeps
// JSON.stringify on its fast path). The keys and sources are the program's own declarations, never input.

/** Where one property of the made object comes from, as a JavaScript expression over the function's arguments. */
export interface ShapeField {
  key: string;
  /** An expression; `$(value)` names a value the expression may use (a codec, a decoder). */
  source: (use: (value: unknown) => string) => string;
}

/**
 * Compiles `(…args) => ({ key: source, … })`. `args` names the function's parameters as the sources use
 * them; values a source hands to `use` are bound as constants of the compiled function.
 */
export function compileShape<F extends (...args: never[]) => Record<string, unknown>>(
  args: readonly string[],
  fields: readonly ShapeField[],
): F {
  const bound: unknown[] = [];
  const use = (value: unknown) => {
    bound.push(value);
    return `$${bound.length - 1}`;
  };
  for (const a of args) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(a)) throw new Error(`compileShape: "${a}" is not a parameter name`);
  }
  const body = fields.map((f) => `${JSON.stringify(f.key)}: ${f.source(use)}`).join(",\n");
  const names = bound.map((_, i) => `$${i}`);
  const make = new Function(...names, `return function (${args.join(", ")}) {\nreturn {\n${body}\n};\n};`);
  return make(...bound) as F;
}

/** A property read of `object` by `key`, as an expression (the key quoted, whatever it is). */
export function prop(object: string, key: string | number): string {
  return `${object}[${JSON.stringify(key)}]`;
}
