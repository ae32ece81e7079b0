/**
 * The schema types two generated endpoint modules both declare (codegen writes every type an
 * endpoint uses into its own module): the second module imports the first one's instead, and
 * exports them again, so what it exports stays the same.
 */

/** Each top-level `export type Name = …` of generated code, with its whole text. */
function typeDeclarations(code: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of code.matchAll(/^export type (\w+) =/gm)) {
    // It runs to the next top-level export (codegen writes one statement a line at top level).
    const next = code.slice(match.index + 1).search(/^export /m);
    const end = next < 0 ? code.length : match.index + 1 + next;
    found.set(match[1]!, code.slice(match.index, end));
  }
  return found;
}

/**
 * `code` without the type declarations `shared` (the module `from`) declares identically, which
 * it imports and exports again; endpoint-specific types (…ApiArg, …ApiResponse) stay.
 */
export function importSharedTypes(code: string, shared: string, from: string): string {
  const theirs = typeDeclarations(shared);
  const names: string[] = [];
  let out = code;
  for (const [name, text] of typeDeclarations(code)) {
    if (/Api(Arg|Response)$/.test(name) || theirs.get(name) !== text) continue;
    out = out.replace(text, '');
    names.push(name);
  }
  if (names.length === 0) return code;
  const list = names.sort().join(', ');
  const lines = out.split('\n');
  // After the module's own imports.
  const at = lines.findIndex((line) => !line.startsWith('import '));
  lines.splice(at, 0, `import type { ${list} } from '${from}';`, `export type { ${list} };`);
  return lines.join('\n');
}
