import { addressKey } from '../../src/http/middleware/rateLimit';

test('IPv4 addresses are their own key, written plainly or IPv4-mapped', () => {
  expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
});

test('an IPv6 address is keyed by its /64, however it is written', () => {
  expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
  expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
  expect(addressKey('2001:0db8:0001:0002:0:0:0:9')).toBe('2001:db8:1:2::/64');
  expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(addressKey('::1')).toBe('0:0:0:0::/64');
  expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
});
