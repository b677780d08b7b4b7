import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isAllowedAddress, RefusedUrl, type Resolve } from './url-guard.js';

/** A resolver that answers from a table, as a DNS server under someone else's control might. */
const resolverOf =
  (table: Record<string, string[]>): Resolve =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw new Error('ENOTFOUND');
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const resolve = resolverOf({
  'hooks.example.com': ['93.184.215.14'],
  'rebind.example.com': ['93.184.215.14', '10.0.0.5'],
  'metadata.example.com': ['169.254.169.254'],
  'six.example.com': ['fd12:3456::1'],
  'mapped.example.com': ['::ffff:192.168.1.10'],
  'home.example.com': ['127.0.0.1'],
});

async function refusal(url: string, allowLoopback = false) {
  try {
    await checkWebhookUrl(url, { allowLoopback, resolve });
  } catch (err) {
    if (err instanceof RefusedUrl) return err.message;
    throw err;
  }
  return null;
}

describe('webhook addresses', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd00::abcd',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
  ])('refuses %s', (address) => {
    expect(isAllowedAddress(address, false)).toBe(false);
  });

  it.each(['93.184.215.14', '172.32.0.1', '8.8.8.8', '2606:4700:4700::1111'])('allows the public address %s', (address) => {
    expect(isAllowedAddress(address, false)).toBe(true);
  });

  it('allows loopback only when told to, and nothing else private', () => {
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::1', true)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', true)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', true)).toBe(false);
  });

  it('takes a public https address and connects to the address it resolved', async () => {
    const checked = await checkWebhookUrl('https://hooks.example.com/in', { allowLoopback: false, resolve });
    expect(checked).toMatchObject({ address: '93.184.215.14', family: 4 });
    expect(checked.url.hostname).toBe('hooks.example.com');
  });

  it.each([
    ['https://rebind.example.com/', 'resolves to 10.0.0.5'],
    ['https://metadata.example.com/latest/meta-data', 'resolves to 169.254.169.254'],
    ['https://six.example.com/', 'resolves to fd12:3456::1'],
    ['https://mapped.example.com/', 'resolves to ::ffff:192.168.1.10'],
    ['https://home.example.com/', 'resolves to 127.0.0.1'],
    ['https://[::1]/', 'resolves to ::1'],
    ['https://169.254.169.254/', 'resolves to 169.254.169.254'],
    ['http://hooks.example.com/', 'Only https://'],
    ['ftp://hooks.example.com/', 'Only https://'],
    ['https://user:pass@hooks.example.com/', 'user name or password'],
    ['https://nowhere.example.com/', 'could not be resolved'],
    ['not a url', 'not a valid URL'],
  ])('refuses %s', async (url, reason) => {
    expect(await refusal(url)).toContain(reason);
  });

  it('takes plain http to loopback only when loopback is allowed', async () => {
    expect(await refusal('http://127.0.0.1:8080/hook', true)).toBeNull();
    expect(await refusal('http://home.example.com/hook', true)).toBeNull();
    expect(await refusal('http://127.0.0.1:8080/hook', false)).toContain('resolves to 127.0.0.1');
    expect(await refusal('http://rebind.example.com/', true)).toContain('resolves to 10.0.0.5');
  });
});
