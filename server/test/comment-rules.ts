/**
 * What a comment must not lean on, since a reader of the code cannot follow it: a tracker's issue
 * number, a section sign or a behaviour document that is not in the repository (docs/api.md and
 * docs/differences.md are), a migration's number outside the migrations (name the trigger, table
 * or index it made instead), or a folder outside the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One broken rule: where, and which rule. */
export interface CommentFinding {
  file: string;
  line: number;
  rule: string;
  text: string;
}

interface Rule {
  name: string;
  pattern: RegExp;
  /** Read in the comments only (a string the user reads or a test's name may say it). */
  commentsOnly: boolean;
  /** Paths (prefixes) where the rule does not hold. */
  exempt?: readonly string[];
}

const MIGRATIONS_FOLDER = 'server/drizzle/';

const RULES: readonly Rule[] = [
  { name: 'issue number', pattern: /\b[Ii]ssues? #?\d+\b|\(#\d+\)/, commentsOnly: false },
  { name: 'section sign', pattern: /\u00a7/, commentsOnly: false },
  {
    name: 'a behaviour document outside the repository',
    pattern: /\bthe spec\b|\bspec's\b|\(spec\b|\bspec\s*\u00a7/i,
    commentsOnly: true,
  },
  {
    name: 'migration number',
    // The word and a four-digit number, a migration's file name, a number's trigger, or numbers in
    // brackets (the test of this file spells each out).
    pattern: /\bmigrations? 0\d{3}\b|\b0\d{3}_[a-z]|\b0\d{3}'s\b|\(0\d{3}(, 0\d{3})*\)/i,
    commentsOnly: true,
    exempt: [MIGRATIONS_FOLDER],
  },
  { name: 'path outside the repository', pattern: /\/work\/|\.\.\/shared\//, commentsOnly: false },
];

/**
 * Lines whose comments may name a migration, by the end of their file's path (so wherever the
 * file lives): the test of the migration that linked rows to their accounts, which runs it by its
 * file. Code may name a migration's file anywhere (a string is not a comment): the declarations
 * of what each domain consumes say which migration made each trigger.
 */
const ALLOWED: readonly { file: string; text: string }[] = [
  { file: '/identity-migration.test.ts', text: '0013' },
];

/**
 * The comment text of each line of a script (JavaScript or TypeScript): what follows `//` or lies
 * inside a block comment, strings and template literals left out. Good enough for reading
 * comments; a regular expression holding a quote may hide the rest of its line.
 */
export function commentText(source: string): string[] {
  const out: string[] = [];
  let inBlock = false;
  let inTemplate = false;
  for (const line of source.split('\n')) {
    let comment = '';
    let quote: string | null = inTemplate ? '`' : null;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (inBlock) {
        if (c === '*' && line[i + 1] === '/') {
          inBlock = false;
          i++;
        } else comment += c;
      } else if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = null;
      } else if (c === '/' && line[i + 1] === '/') {
        comment += line.slice(i + 2);
        break;
      } else if (c === '/' && line[i + 1] === '*') {
        inBlock = true;
        i++;
      } else if (c === "'" || c === '"' || c === '`') quote = c;
    }
    inTemplate = quote === '`';
    out.push(comment);
  }
  return out;
}

/** The broken rules of one file's text, `file` being its path from the repository's root. */
export function findingsIn(file: string, source: string): CommentFinding[] {
  const lines = source.split('\n');
  const comments = file.endsWith('.json') ? lines : commentText(source);
  const findings: CommentFinding[] = [];
  lines.forEach((text, index) => {
    if (ALLOWED.some((allowed) => file.endsWith(allowed.file) && text.includes(allowed.text)))
      return;
    for (const rule of RULES) {
      if (rule.exempt?.some((prefix) => file.startsWith(prefix))) continue;
      if (rule.pattern.test(rule.commentsOnly ? (comments[index] ?? '') : text)) {
        findings.push({ file, line: index + 1, rule: rule.name, text: text.trim() });
      }
    }
  });
  return findings;
}

const SOURCE = /\.(ts|tsx|mjs|cjs|js|json)$/;
/** Not hand-written, or not source: the migrations, generated code, lock files, the docs. */
const SKIPPED = [
  MIGRATIONS_FOLDER,
  'src/lib/api/generated/',
  'docs/',
  'node_modules/',
  'package-lock.json',
];

/** Every tracked source file the rules read, from the repository's root `root`. */
export function sourceFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => SOURCE.test(file) && !SKIPPED.some((prefix) => file.startsWith(prefix)))
    .filter((file) => existsSync(join(root, file)));
}

/** The repository's root, from any folder in it. */
export function repositoryRoot(folder: string): string {
  return execFileSync('git', ['rev-parse', '--show-toplevel'], {
    cwd: folder,
    encoding: 'utf8',
  }).trim();
}

/** The broken rules of every source file under `root`. */
export function findingsUnder(root: string): CommentFinding[] {
  return sourceFiles(root).flatMap((file) =>
    findingsIn(file, readFileSync(join(root, file), 'utf8')),
  );
}
