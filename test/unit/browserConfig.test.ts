/**
 * NEO4J_LOCAL_BROWSER_PORT and the URLs `services up` gives the local Neo4j's Browser: on 7474
 * for `npm start` only (tests and benches run their own Neo4j beside it), the guide on this API.
 */
import { ConfigError, loadConfig } from '../../src/config';
import { browserUrl, guideUrl } from '../../src/devservices/neo4jProcess';

test('the Browser is on 7474 in development, off in tests and benches unless a port is given', () => {
  expect(loadConfig({}).localNeo4j.browserPort).toBe(7474);
  expect(loadConfig({ NEO4J_LOCAL_BROWSER_PORT: 'off' }).localNeo4j.browserPort).toBeUndefined();
  expect(loadConfig({ NODE_ENV: 'test' }).localNeo4j.browserPort).toBeUndefined();
  expect(loadConfig({ NODE_ENV: 'test', NEO4J_LOCAL_BROWSER_PORT: '7752' }).localNeo4j.browserPort).toBe(7752);
  expect(() => loadConfig({ NEO4J_LOCAL_BROWSER_PORT: 'on' })).toThrow(new ConfigError('NEO4J_LOCAL_BROWSER_PORT must be an integer from 1 to 65535, got "on"'));
});

test('the Browser answers on loopback, and plays the guide of the API on its own port', () => {
  expect(browserUrl(loadConfig({}))).toBe('http://127.0.0.1:7474/browser/');
  expect(browserUrl(loadConfig({ NODE_ENV: 'test' }))).toBeUndefined();
  expect(guideUrl(loadConfig({}))).toBe('http://127.0.0.1:8080/guides/graph-model.html');
  expect(guideUrl(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }))).toBe('http://127.0.0.1:9000/guides/graph-model.html');
  expect(guideUrl(loadConfig({ HOST: '::1' }))).toBe('http://[::1]:8080/guides/graph-model.html');
  expect(guideUrl(loadConfig({ PORT: '0' }))).toBeUndefined();
});
