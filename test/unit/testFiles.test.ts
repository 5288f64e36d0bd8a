/**
 * The test files themselves: each base name is used once under test/, so a file named in a
 * report or a jest pattern is never ambiguous.
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
