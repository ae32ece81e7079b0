/**
 * Comments a reader can follow: no source file cites an issue number, a section of a document
 * outside the repository, a migration's number outside the migrations, or a folder outside the
 * repository (comment-rules.ts). The rules are shown to fail on sample lines first, so the scan
 * of the repository cannot pass by reading nothing.
 */
import {
  commentText,
  findingsIn,
  findingsUnder,
  repositoryRoot,
  sourceFiles,
} from './comment-rules';

const ROOT = repositoryRoot(__dirname);

// Built from pieces, so that this file's own lines break no rule.
const ISSUE = 'issue' + ' 26';
const SECTION = 'spec ' + '\u00a7' + '2';
const SPEC = 'the ' + 'spec';
const MIGRATION = 'migration ' + '0029';

describe('the comment rules', () => {
  it.each([
    [`/** Reviews (${ISSUE}): the buyer of a sold booking reviews its seller. */`, 'issue number'],
    [`// Saved cars (${'issue #' + '25'}).`, 'issue number'],
    [`const x = 1; // A fix (${'#' + '412'}).`, 'issue number'],
    [` * The booking modal (${SECTION}): open for one car.`, 'section sign'],
    [`/** Beyond ${SPEC}: a seller's page. */`, 'a behaviour document outside the repository'],
    [`// Kept by ${MIGRATION}'s trigger.`, 'migration number'],
    [`// Written by the trigger of ${'0025' + '_alerts'}.`, 'migration number'],
    [`// Kept by ${'0029' + "'s"} trigger.`, 'migration number'],
    [`// Tells the replicas (${'0005, ' + '0013'}).`, 'migration number'],
    [`// See ${'/work' + '/main'}/notes.`, 'path outside the repository'],
  ])('finds %s', (line, rule) => {
    expect(findingsIn('server/src/sample.ts', `${line}\n`).map((f) => f.rule)).toEqual([rule]);
  });

  it.each([
    '/** Reviews: the buyer of a sold booking reviews its seller (docs/api.md). */',
    `it('offers ${SPEC} fields with their defaults', async () => {});`,
    "const colour = '#247'; // a grey",
    "throw httpError(400, 'must not contain the NUL character (U+0000)');",
    '// An unknown car (no-such-car-0000) answers 404.',
    `const name = "${SPEC}'s column"; // a string, not a comment`,
    `{ trigger: 'alert_work_price', migration: '${'0025' + '_alerts'}.sql' },`,
    `it('sends a row enqueued before ${MIGRATION} as it was written', async () => {});`,
  ])('lets %s pass', (line) => {
    expect(findingsIn('server/src/sample.ts', `${line}\n`)).toEqual([]);
  });

  it('reads a migration number inside the migrations, and names in the contract', () => {
    expect(findingsIn('server/drizzle/sample.ts', `-- as ${MIGRATION} did\n`)).toEqual([]);
    expect(findingsIn('api/openapi.json', `"description": "Hidden (${ISSUE})",\n`)).toHaveLength(1);
  });

  it('reads block comments and leaves strings and templates out', () => {
    const source = ['const a = `', `${SPEC}`, '`; /* one', ` ${SPEC} */ const b = 2;`].join('\n');
    expect(commentText(source)).toEqual(['', '', ' one', ` ${SPEC} `]);
  });
});

describe('the repository', () => {
  it('reads every tracked source file', () => {
    const files = sourceFiles(ROOT);
    expect(files).toEqual(expect.arrayContaining(['api/openapi.json', 'package.json']));
    expect(files.length).toBeGreaterThan(300);
  });

  it('has no comment that points nowhere', () => {
    const findings = findingsUnder(ROOT).map((f) => `${f.file}:${f.line} (${f.rule}): ${f.text}`);
    expect(findings).toEqual([]);
  });
});
