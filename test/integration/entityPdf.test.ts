import { Harness, SAMPLE, startHarness } from '../support/harness';
import { pdfText } from '../support/pdfText';

/** PDF text wraps lines and splits runs anywhere between words: compare without whitespace. */
const squeeze = (s: string) => s.replace(/\s+/g, '');

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
});
afterAll(async () => {
  await h.close();
});

async function pdf(path: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await h.get(path, { headers: { accept: 'application/pdf' } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

test('the PDF of an entity holds what its JSON holds: every attribute value, relationship target, possibly-same-as entity and record', async () => {
  const path = '/entity/p-viktor-antonov';
  const json = (await h.json(path)).body;
  const res = await pdf(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toBe('inline; filename="p-viktor-antonov.pdf"');
  expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');

  const { pages, info } = await pdfText(res.bytes);
  const text = squeeze(pages.join('\n'));
  expect(info.Title).toBe(`${json.label} (p-viktor-antonov)`);
  expect(text).toContain(squeeze('SANCTIONED'));
  // Names as written, Cyrillic included (the font is embedded).
  expect(text).toContain(squeeze('Виктор Сергеевич Антонов'));
  const expected: string[] = [json.label];
  for (const page of Object.values<any>(json.attributes)) for (const item of page.data) expected.push(String(item.properties.value));
  for (const page of Object.values<any>(json.relationships)) for (const item of page.data) expected.push(item.target.label);
  for (const item of json.possibly_same_as.data) expected.push(item.entity.label);
  for (const item of json.referenced_by.data) expected.push(item.record.label);
  expect(expected.length).toBeGreaterThan(15);
  for (const value of expected) expect(text).toContain(squeeze(value));
});

test('paging parameters shape the PDF as they shape the JSON', async () => {
  const path = '/entity/p-viktor-antonov?referenced_by.limit=2&referenced_by.offset=1&attributes.name.limit=0';
  const json = (await h.json(path)).body;
  const all = (await h.json('/entity/p-viktor-antonov')).body;
  expect(json.referenced_by.data).toHaveLength(2);
  const text = squeeze((await pdfText((await pdf(path)).bytes)).pages.join('\n'));
  expect(text).toContain(squeeze(`referencing records (showing 2-3 of ${all.referenced_by.size.count})`));
  for (const item of json.referenced_by.data) expect(text).toContain(squeeze(item.record.label));
  const left = all.referenced_by.data.filter((r: any) => !json.referenced_by.data.some((s: any) => s.record.id === r.record.id));
  for (const item of left) expect(text).not.toContain(squeeze(item.record.label));
  // limit 0 drops the field from the JSON, and so from the report.
  expect(json.attributes.name).toBeUndefined();
  expect(text).not.toContain(squeeze('Виктор Сергеевич Антонов'));
});

test('a long report numbers its pages, and embedded traversals print their paths', async () => {
  const path = '/entity/e-gb-crown-formations?traversals.0.max_depth=2';
  const json = (await h.json(path)).body;
  const { pages } = await pdfText((await pdf(path)).bytes);
  expect(pages.length).toBeGreaterThan(1);
  pages.forEach((page, i) => expect(squeeze(page)).toContain(squeeze(`page ${i + 1} of ${pages.length}`)));
  const text = squeeze(pages.join('\n'));
  expect(json.traversals[0].data.length).toBeGreaterThan(0);
  for (const result of json.traversals[0].data) {
    const steps = result.path.map((s: any) => `-[${s.field}]-> ${s.entity.label}`).join(' ');
    expect(text).toContain(squeeze(`${json.label} ${steps}`));
  }
});

test('errors stay JSON envelopes, and routes without a PDF form answer 415', async () => {
  const missing = await h.get('/entity/nope', { headers: { accept: 'application/pdf' } });
  expect(missing.status).toBe(404);
  expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await missing.json()).toMatchObject({ status: 404, success: false });
  const bad = await h.get('/entity/p-viktor-antonov?referenced_by.limit=101', { headers: { accept: 'application/pdf' } });
  expect(bad.status).toBe(406);
  expect(await bad.json()).toMatchObject({ status: 406, success: false, messages: [expect.stringContaining('referenced_by.limit')] });
  expect((await h.get('/entity_summary/p-viktor-antonov', { headers: { accept: 'application/pdf' } })).status).toBe(415);
  expect((await h.get('/v1/entity/p-viktor-antonov', { headers: { accept: 'application/pdf' } })).status).toBe(415);
});
