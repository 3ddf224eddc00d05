import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CLINICAL_CONTENT_SOURCES } from '../../scripts/clinical-review/content-hash';
import {
  importClosure,
  looksLikeCode,
  uncoveredTextModules,
  visitorTexts,
  wordCount,
} from './visitor-text';

const ROOT = join(__dirname, '..', '..');

/** What the review vouches for: the care advice, the emergency check, results, the questions. */
const CLINICAL_ENTRIES = [
  'packages/diagnosis/src/care-advice.ts',
  'web/src/features/questionnaire/EmergencyCheck.tsx',
  'web/src/features/questionnaire/EmergencyAdvice.tsx',
  'web/src/features/results/Results.tsx',
  'web/src/features/questionnaire/stepDefinitions.ts',
];

/*
 * Modules those screens load whose text is not clinical, so left out of the hash on purpose.
 * Keep it short: a module that words symptoms, conditions or advice belongs in
 * CLINICAL_CONTENT_SOURCES instead. (web/src/content/index.ts re-exports every page, so the
 * site's other pages arrive through it.)
 */
const NOT_CLINICAL = new Map<string, string>([
  ['packages/contracts/src/browser-events', 'analytics event schema and its API error messages'],
  ['packages/contracts/src/referral/referral-fields.ts', "the referral form's field errors"],
  ['web/src/analytics', 'developer console messages, never on the page'],
  ['web/src/components/ExternalLink.tsx', 'generic "(opens in a new tab)" link wording'],
  ['web/src/content/clinicalReview.ts', 'the review status line, which follows the hash itself'],
  ['web/src/content/directory.ts', "the specialist directory's intro and loading error"],
  ['web/src/content/pages/about.ts', 'the About page: what HandCheck is'],
  ['web/src/content/pages/privacy.ts', 'the privacy policy (a legal text)'],
  ['web/src/content/pages/terms.ts', 'the terms of use (a legal text)'],
  ['web/src/content/routes.ts', "pages' titles and meta descriptions"],
  ['web/src/features/directory/SpecialistDirectory.tsx', "the directory's link labels"],
  ['web/src/features/referral', 'the referral form; the mails it sends are hashed (templates)'],
]);

describe('the clinical review hash covers everything clinical', () => {
  it('includes every module with visitor-facing text that the clinical screens load', () => {
    const uncovered = uncoveredTextModules({
      root: ROOT,
      entries: CLINICAL_ENTRIES,
      sources: CLINICAL_CONTENT_SOURCES,
      allowed: NOT_CLINICAL,
    });
    // Not toEqual([]): the message has to say what to do.
    if (uncovered.length > 0) {
      throw new Error(
        `These modules show text on the clinical screens but are not in CLINICAL_CONTENT_SOURCES ` +
          `(scripts/clinical-review/content-hash.ts), so changing them would keep "Medically ` +
          `reviewed" on the site:\n` +
          uncovered.map(({ file, example }) => `  ${file}: "${example.slice(0, 100)}"`).join('\n') +
          `\nAdd each clinical one to the list and run \`npm run clinical-review:update\`; only ` +
          `text that is not clinical goes in NOT_CLINICAL (${__filename}), with the reason.`,
      );
    }
  });

  it('follows the engine, the web app and its content into the closure', () => {
    const closure = importClosure(ROOT, CLINICAL_ENTRIES);
    for (const expected of [
      'packages/diagnosis/src/care-texts.ts',
      'packages/diagnosis/src/labels.ts',
      'web/src/content/site.ts',
      'web/src/features/questionnaire/emergencyWording.ts',
      'web/src/features/results/CareAdviceCard.tsx',
    ])
      expect(closure).toContain(expected);
    expect(closure.some((file) => /node_modules|\.spec\.|\.d\.ts$/.test(file))).toBe(false);
  });
});

describe('uncoveredTextModules', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'clinical-sources-'));
    write(
      'app/Screen.tsx',
      [
        "import { Box } from '@mui/material';",
        "import { ADVICE } from './advice';",
        "import { plain } from './plain';",
        "import { type Words } from './types';",
        "import { covered } from './guides/covered';",
        "export { later } from './reexported';",
        "const Lazy = () => import('./lazy');",
        '// See a doctor if the pain lasts a week: a comment is not text.',
        'export const Screen = () => (',
        '  <Box className="flex items-center justify-between gap-2" sx={{ fontFamily: \'Inter, system ui, sans serif\' }}>',
        '    {ADVICE}{plain}{covered}{Lazy.name}',
        '  </Box>',
        ');',
        'export type { Words };',
      ].join('\n'),
    );
    write('app/advice.ts', "export const ADVICE = 'Rest the hand and see a GP within a week.';\n");
    write('app/plain.ts', "export const plain = ['ok', 'px-4 py-2', 'a-b c-d e-f g-h'].join();\n");
    write('app/types.ts', "export type Words = 'only a type with four words';\n");
    write(
      'app/guides/covered.ts',
      "export const covered = 'Covered by its directory entry here.';\n",
    );
    write('app/reexported.tsx', 'export const later = () => <p>Call 999 now</p>;\n');
    write('app/lazy.tsx', 'export default function Lazy() { return <p>Go to A&amp;E now</p>; }\n');
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reports each text module the entry loads that the source list leaves out', () => {
    const uncovered = uncoveredTextModules({
      root,
      entries: ['app/Screen.tsx'],
      sources: ['app/Screen.tsx', 'app/guides'],
    });
    expect(uncovered).toEqual([
      { file: 'app/advice.ts', example: 'Rest the hand and see a GP within a week.' },
      { file: 'app/lazy.tsx', example: 'Go to A&amp;E now' },
      { file: 'app/reexported.tsx', example: 'Call 999 now' },
    ]);
  });

  it('takes an allow-list of files or directories, and refuses a stale entry', () => {
    const options = { root, entries: ['app/Screen.tsx'], sources: ['app/guides'] };
    // Screen.tsx itself has only a class list, an sx value and a comment: no text.
    expect(uncoveredTextModules(options).map(({ file }) => file)).toEqual([
      'app/advice.ts',
      'app/lazy.tsx',
      'app/reexported.tsx',
    ]);
    const allowed = new Map([
      ['app', 'the whole fixture'],
      ['app/advice.ts', 'also listed alone'],
    ]);
    expect(uncoveredTextModules({ ...options, allowed })).toEqual([]);
    expect(() =>
      uncoveredTextModules({ ...options, allowed: new Map([['gone.ts', 'x']]) }),
    ).toThrow();
  });

  it('fails loudly on a relative import it cannot resolve', () => {
    write('app/broken.ts', "import { x } from './missing';\nexport const y = x;\n");
    expect(() => importClosure(root, ['app/broken.ts'])).toThrow(/cannot resolve '.\/missing'/);
  });
});

describe('visitor-facing text', () => {
  it.each<[string, string, string[]]>([
    ['JSX text of two words', 'const a = <p>See a GP</p>;', ['See a GP']],
    ['one JSX word', 'const a = <p>Next</p>;', []],
    ['a sentence', "const a = 'Ice the wrist for ten minutes';", ['Ice the wrist for ten minutes']],
    ['three words', "const a = 'Back to results';", []],
    ['a template', 'const a = `Call ${n} or go to A&E`;', ['Call … or go to A&E']],
    ['a class list', 'const a = <p className="mt-2 text-sm font-bold">x</p>;', []],
    [
      'an aria label',
      'const a = <p aria-label="Hand diagram with areas">x</p>;',
      ['Hand diagram with areas'],
    ],
    ['a test id', 'const a = <p data-testid="the whole result card">x</p>;', []],
    ['an sx value', "const a = <p sx={{ font: 'Inter and some more words' }}>x</p>;", []],
    ['a property key', "const a = { 'one two three four': 1 };", []],
    ['a literal type', "type A = 'one two three four';", []],
    ['a comment', '// one two three four five\nconst a = 1;', []],
    ['SVG path data', 'const d = `M ${x} A ${r} 0 1 1 ${y} Z`;', []],
  ])('%s', (_, source, expected) => {
    expect(visitorTexts('x.tsx', source)).toEqual(expected);
  });

  it('counts words of letters and tells CSS from text', () => {
    expect(wordCount("children's long-term px-4 999 (UK), GP.")).toBe(4);
    expect(looksLikeCode('flex flex-col items-center justify-center')).toBe(true);
    expect(looksLikeCode('margin: 0 auto; color: red')).toBe(true);
    expect(looksLikeCode('tingling in the fingers at night')).toBe(false);
    expect(looksLikeCode('Long-term pain: see a GP.')).toBe(false);
  });
});
