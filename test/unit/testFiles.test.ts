/**
 * The test files themselves: each base name is used once under test/, so a file named in a
 * report, a jest pattern or jest.config.js's list of the full run's suites is never ambiguous;
 * and that list names only files that exist.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(file);
    return e.name.endsWith('.test.ts') ? [path.relative(path.join(ROOT, 'test'), file)] : [];
  });
}

const files = testFiles(path.join(ROOT, 'test'));

test('every test file has a base name of its own across test/', () => {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const name = path.basename(file, '.test.ts');
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  expect([...byName.values()].filter((list) => list.length > 1)).toEqual([]);
  expect(files.length).toBeGreaterThan(50);
});

test("jest.config.js's suites of the full run are test files that exist", () => {
  const text = fs.readFileSync(path.join(ROOT, 'jest.config.js'), 'utf8');
  const list = /const ONLY_IN_FULL = \[([\s\S]*?)\];/.exec(text);
  expect(list).not.toBeNull();
  const named = [...list![1].matchAll(/^\s*'([^']+)'/gm)].map((m) => `${m[1]}.test.ts`);
  expect(named.length).toBeGreaterThan(10);
  expect(named.filter((name) => !files.includes(name))).toEqual([]);
  expect(new Set(named).size).toBe(named.length);
});
