import { ApiError } from '../../src/domain/errors';
import { PdfRenderer } from '../../src/http/formats/pdfRenderer';

const entity = {
  id: 'e-acme', label: 'ACME TRADING LTD', type: 'company', countries: ['GBR'], sanctioned: true, pep: false, closed: false,
  attributes: { name: { offset: 0, limit: 100, next: false, size: { count: 1, qualifier: 'eq' }, data: [{ properties: { value: 'ACME TRADING LTD' }, record: ['rec-1'], record_count: 1 }] } },
  relationships: {},
};

test('reports render on worker threads, and past the queue bound one is refused with 503 and Retry-After', async () => {
  const renderer = new PdfRenderer({ threads: 1, maxQueued: 2 });
  try {
    // Submitted at once: one thread and two places in the queue cannot take eight.
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => renderer.entity(entity)));
    const done = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(done.length).toBeLessThanOrEqual(3);
    for (const pdf of done) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(refused).toHaveLength(8 - done.length);
    for (const err of refused) {
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 503, headers: { 'Retry-After': '2' } });
    }
    // Once the queue has drained, reports are taken again.
    expect((await renderer.entity(entity)).subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    await renderer.close();
  }
});
