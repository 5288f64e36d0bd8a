/**
 * Adverse media without a graph: feeds read into articles (RSS 2.0, RSS 1.0, Atom), the hostile
 * and broken feeds refused or skipped with a reason, topics in several languages, and the name
 * spans offered to the resolver.
 */
import { FeedError, ITEM_BYTE_LIMIT, parseFeed } from '../../src/services/news/feedParser';
import { classify } from '../../src/services/news/topics';
import { nameSpans } from '../../src/services/news/mentions';
import { detectLanguage } from '../../src/services/news/language';

const NOW = new Date('2026-12-01T00:00:00Z');
const rss = (items: string, channel = '<title>Wire</title><link>https://w.example/</link>') =>
  `<?xml version="1.0"?><rss version="2.0"><channel>${channel}${items}</channel></rss>`;
const item = (title: string, link: string, extra = '') => `<item><title>${title}</title><link>${link}</link>${extra}</item>`;

describe('feeds read into articles', () => {
  test('RSS 2.0: title, link, snippet without markup, date, source and language', () => {
    const feed = parseFeed(rss(item('A &amp; B fined', 'https://w.example/1', '<pubDate>Tue, 10 Nov 2026 09:30:00 GMT</pubDate><description><![CDATA[<p>The <b>regulator</b> fined A&nbsp;&amp; B.</p>]]></description>'), '<title>Wire</title><link>https://w.example/</link><language>en-gb</language>'), 'file', NOW);
    expect(feed.skipped).toEqual([]);
    expect(feed.articles).toEqual([expect.objectContaining({
      url: 'https://w.example/1', title: 'A & B fined', snippet: 'The regulator fined A & B.', source: 'Wire', source_url: 'https://w.example/',
      published: '2026-11-10T09:30:00.000Z', language: 'en', id: expect.stringMatching(/^[0-9a-f]{40}$/),
    })]);
  });

  test('Atom: the alternate link, published before updated, entry language, escaped HTML summary', () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom"><title>Revue</title><link rel="self" href="https://r.example/feed"/><link href="https://r.example/"/>
      <entry xml:lang="fr"><title>Titre</title><link rel="edit" href="https://r.example/edit/1"/><link rel="alternate" href="https://r.example/1"/><id>urn:1</id>
      <published>2026-11-18T10:00:00+01:00</published><updated>2026-11-19T10:00:00Z</updated><summary type="html">&lt;i&gt;Le&lt;/i&gt; texte</summary></entry></feed>`;
    const [a] = parseFeed(xml, 'file', NOW).articles;
    expect(a).toEqual(expect.objectContaining({ url: 'https://r.example/1', source_url: 'https://r.example/', published: '2026-11-18T09:00:00.000Z', language: 'fr', snippet: 'Le texte' }));
  });

  test('RSS 1.0 (RDF) items are read', () => {
    const xml = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel rdf:about="https://d.example/"><title>Dc</title><link>https://d.example/</link></channel>
      <item rdf:about="https://d.example/1"><title>One</title><link>https://d.example/1</link><dc:date>2026-01-02</dc:date></item></rdf:RDF>`;
    expect(parseFeed(xml, 'file', NOW).articles.map((a) => [a.url, a.published])).toEqual([['https://d.example/1', '2026-01-02T00:00:00.000Z']]);
  });

  test('the same link gives the same id; a guid stands in for a missing link', () => {
    const a = parseFeed(rss(item('One', 'https://w.example/1')), 'f', NOW).articles[0];
    const b = parseFeed(rss(item('One again', 'https://w.example/1')), 'g', NOW).articles[0];
    expect(a.id).toBe(b.id);
    const [c] = parseFeed(rss('<item><title>G</title><guid>https://w.example/g</guid></item>'), 'f', NOW).articles;
    expect(c.url).toBe('https://w.example/g');
  });

  test('bad items are skipped with their reason and the rest is kept', () => {
    const big = 'x'.repeat(ITEM_BYTE_LIMIT + 10);
    const feed = parseFeed(rss([
      item('Good', 'https://w.example/ok', '<pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate>'),
      item('Bad date', 'https://w.example/d', '<pubDate>the day after tomorrow</pubDate>'),
      item('Future', 'https://w.example/f', '<pubDate>Mon, 01 Jan 2035 10:00:00 GMT</pubDate>'),
      item('Huge', 'https://w.example/h', `<description>${big}</description>`),
      item('Script link', 'javascript:alert(1)'),
      '<item><title>No link</title></item>',
      '<item><link>https://w.example/nt</link></item>',
    ].join('')), 'f', NOW);
    expect(feed.articles.map((a) => a.title)).toEqual(['Good']);
    expect(feed.skipped.map((s) => s.reason)).toEqual([
      expect.stringMatching(/is not a date/), expect.stringMatching(/in the future/), expect.stringMatching(/over the 1000000-byte limit/),
      expect.stringMatching(/not an http\(s\) URL/), 'no link or guid', 'no title',
    ]);
  });

  test.each([
    ['an external entity', '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss><channel><item><title>&xxe;</title><link>https://a/</link></item></channel></rss>'],
    ['entity expansion', `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><rss><channel><title>&lol2;</title></channel></rss>`],
    ['a bare entity declaration', '<rss><channel><!ENTITY x "y"><title>t</title></channel></rss>'],
  ])('%s is refused whole, before parsing', (_what, xml) => {
    expect(() => parseFeed(xml, 'f', NOW)).toThrow(/DOCTYPE or entity declaration is not allowed/);
  });

  test('a document that is not XML, or not a feed, is refused with its reason', () => {
    expect(() => parseFeed('<rss><channel><title>x</channel>', 'f', NOW)).toThrow(FeedError);
    expect(() => parseFeed('<html><body/></html>', 'f', NOW)).toThrow(/not an RSS or Atom feed/);
  });

  test('language by script or common words when the feed does not say', () => {
    expect(['Компания обвиняется', 'الشركة متهمة', '公司涉嫌洗钱', 'Die Firma ist wegen der Vorwürfe', 'La société est dans le viseur', 'La empresa y los socios del grupo', 'The firm and its owners'].map(detectLanguage))
      .toEqual(['ru', 'ar', 'zh', 'de', 'fr', 'es', 'en']);
  });
});

describe('topics', () => {
  test.each([
    ['en', 'Shipping firm accused of helping tankers evade sanctions', 'sanctions_and_regulatory', 'Sanctions'],
    ['fr', 'La banque soupçonnée de blanchiment d\'argent', 'financial', 'Money Laundering'],
    ['de', 'Staatsanwaltschaft ermittelt wegen Geldwäscheverdacht', 'financial', 'Money Laundering'],
    ['es', 'Detenidos dos directivos por fraude fiscal', 'financial', 'Financial Fraud'],
    ['ru', 'Против компании введены новые санкции', 'sanctions_and_regulatory', 'Sanctions'],
    ['ar', 'الشركة متهمة بغسل الأموال', 'financial', 'Money Laundering'],
    ['zh', '该公司涉嫌强迫劳动', 'environmental_and_social', 'Forced Labour'],
    ['en', 'Ransomware attack halts production at the plant', 'cybersecurity', 'Cyber Attack'],
    ['de', 'Razzia wegen Terrorfinanzierung', 'terrorism', 'Terrorism'],
  ])('%s: %s', (_lang, text, topic, flag) => {
    const found = classify(text);
    expect(found.topics).toContain(topic);
    expect(found.risk_flags).toContain(flag);
    expect(found.phrases[flag].length).toBeGreaterThan(0);
  });

  test('news with no risk in it has no topic', () => {
    for (const text of ['Company opens a new terminal to double capacity', 'Die Firma eröffnet ein neues Werk', 'La empresa presenta resultados récord', 'Компания открыла новый завод', '公司发布年度报告']) {
      expect(classify(text)).toEqual({ topics: [], risk_flags: [], phrases: {} });
    }
  });

  test('a phrase matches whole words only: "coupon" is not a coup, "hackathon" not a hack', () => {
    expect(classify('Retailer launches coupon app after hackathon').topics).toEqual([]);
  });
});

describe('name spans', () => {
  test('runs of capitalised words and their parts, with name particles kept inside', () => {
    const spans = nameSpans('Prime Minister Denys Shmyhal met Maria van der Berg and officials of Bank of Springfield.');
    expect(spans).toEqual(expect.arrayContaining(['Denys Shmyhal', 'Maria van der Berg', 'Bank of Springfield']));
    expect(spans).not.toContain('Prime');
    expect(spans.every((s) => !/^(of|and|van) |\s(of|and|van)$/.test(s))).toBe(true);
  });

  test('Arabic-script text offers windows of two to four words', () => {
    expect(nameSpans('فرضت عقوبات على محمد بن سلمان')).toEqual(expect.arrayContaining(['محمد بن سلمان', 'محمد بن']));
  });

  test('short single words are not offered; the number of spans is bounded', () => {
    expect(nameSpans('The UN met. It was EU day.')).toEqual([]);
    expect(nameSpans(Array.from({ length: 400 }, (_, i) => `Name${i} Word${i}.`).join(' ')).length).toBeLessThanOrEqual(120);
  });
});
