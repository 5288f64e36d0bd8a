/**
 * The graph-model guide for Neo4j Browser (guides/graph-model.html, GET /guides/graph-model.html):
 * served to the Browser's origin, and every runnable block in it works on the sample: each
 * `:param` sets its value as the Browser would (evaluated by Neo4j), and each statement runs in
 * a read transaction and returns rows.
 */
import { NotificationFeed } from '../../src/feeds/notifications';
import { GUIDE_CSP } from '../../src/http/guides';
import { FULL_RESCORE_REASON, RiskScorer } from '../../src/services/risk';
import { guideBlocks, paramBlock } from '../support/guide';
import { type Harness, SAMPLE, startHarness } from '../support/harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
  // Derived risk, as the worker writes it after `npm start` loads the sample.
  const ids = (await h.graph.read('MATCH (e:Entity) RETURN e.id AS id')).map((r) => r.get('id') as string);
  await new RiskScorer(h.graph, new NotificationFeed(h.redis)).process(ids, FULL_RESCORE_REASON);
});

afterAll(async () => {
  await h?.close();
});

describe('GET /guides/graph-model.html', () => {
  test('is public HTML any origin may fetch, with the no-cache headers the Browser sends', async () => {
    const origin = 'http://127.0.0.1:7474';
    const preflight = await fetch(`${h.baseUrl}/guides/graph-model.html`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'pragma,cache-control' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/cache-control.*pragma/);

    const res = await fetch(`${h.baseUrl}/guides/graph-model.html`, { headers: { Origin: origin, Pragma: 'no-cache' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-security-policy')).toBe(GUIDE_CSP);
    const html = await res.text();
    expect(html).toMatch(/<article class="guide">/);
    expect(guideBlocks(html).length).toBeGreaterThan(10);
    // Only the guides are public: another path is behind the token like the rest.
    expect((await fetch(`${h.baseUrl}/guides/../package.json`)).status).not.toBe(200);
    expect((await fetch(`${h.baseUrl}/guides/missing.html`)).status).toBe(401);
  });
});

describe('the guide on the sample', () => {
  test('every :param evaluates and every statement returns rows in a read transaction', async () => {
    const params: Record<string, unknown> = {};
    const ran: string[] = [];
    for (const block of guideBlocks()) {
      const param = paramBlock(block.text);
      if (param) {
        // The Browser evaluates the right-hand side with Neo4j; so does this.
        const [row] = await h.graph.read(`RETURN ${param.expression} AS value`);
        params[param.name] = row.get('value');
        continue;
      }
      expect(block.text).not.toMatch(/^:/); // the only Browser command used is :param
      const rows = await h.graph.readTx(async (tx) => (await tx.run(block.text, params)).records);
      if (rows.length === 0) throw new Error(`slide ${block.slide + 1}: no rows from\n${block.text}`);
      ran.push(block.text);
    }
    expect(ran.length).toBeGreaterThanOrEqual(12);
  });

  test('the slides show what their text says of the sample', async () => {
    const blocks = guideBlocks();
    const run = async (match: RegExp, params: Record<string, unknown>) => {
      const block = blocks.find((b) => match.test(b.text));
      if (!block) throw new Error(`no block matches ${match}`);
      return h.graph.readTx(async (tx) => (await tx.run(block.text, params)).records.map((r) => r.toObject()));
    };
    const types = await run(/e\.type AS type, count/, {});
    expect(types.reduce((n, r) => n + Number(r.entities), 0)).toBe(229);
    const owners = await run(/AS former/, { company: 'e-gb-harbourline-group' });
    expect(owners.find((r) => r.owner === 'e-vg-corvus-trading')).toMatchObject({ former: true, percentage: 25, to: '2019-06-30' });
    expect(owners.find((r) => r.owner === 'e-cy-meridian-maritime')).toMatchObject({ former: false, percentage: 75 });
    const chains = await run(/AS chain/, { start: 'e-gb-northwind-logistics' });
    expect(chains).toContainEqual(expect.objectContaining({
      chain: ['e-gb-northwind-logistics', 'e-cy-northwind-holdings', 'e-vg-aldgate-ventures', 'p-viktor-antonov'],
      effective: 60, sanctioned: true,
    }));
    const psa = await run(/AS possibly,/, { person: 'p-viktor-antonov-psc' });
    expect(psa).toEqual([expect.objectContaining({ possibly: 'p-viktor-antonov', possibly_sanctioned: true, sanctioned: false })]);
    const [risk] = await run(/AS explanation, s\.version/, { entity: 'e-gb-northwind-logistics' });
    expect(risk.direct_risk).toBe('{}');
    expect((risk.factors as string[]).length).toBeGreaterThan(0); // derived by the worker only
    expect(JSON.parse(risk.explanation as string)).toBeTruthy();
    const hits = await run(/queryNodes\('entity_search'/, { lucene: 'sx_name:northwind' });
    expect(hits.map((r) => r.id)).toContain('e-gb-northwind-logistics');
  });
});
