import { describe, expect, it } from 'vitest';
import { privateAddressReason } from './private-address';

const host = (url: string) => privateAddressReason(new URL(url).hostname);

describe('privateAddressReason', () => {
  it.each([
    ['http://127.0.0.1:8080/', /loopback/],
    ['http://127.255.1.2/', /loopback/],
    ['http://10.1.2.3/', /private \(10/],
    ['http://172.16.0.1/', /172\.16/],
    ['http://172.31.255.255/', /172\.16/],
    ['http://192.168.1.1/', /192\.168/],
    ['http://169.254.169.254/latest/meta-data', /link-local/],
    ['http://0.0.0.0:3000/', /this network/],
    ['http://localhost:5173/', /localhost/],
    ['http://LOCALHOST./', /localhost/],
    ['http://api.localhost/', /localhost/],
    ['http://[::1]/', /loopback \(::1\)/],
    ['http://[0:0:0:0:0:0:0:1]/', /loopback/],
    ['http://[::]/', /unspecified/],
    ['http://[fd12:3456::1]/', /unique local/],
    ['http://[fc00::1]/', /unique local/],
    ['http://[fe80::1]/', /link-local/],
    ['http://[febf::1]/', /link-local/],
    ['http://[::ffff:127.0.0.1]/', /loopback.*IPv6/],
    ['http://[::ffff:192.168.0.1]/', /192\.168.*IPv6/],
    ['http://[::ffff:a00:1]/', /10\.0\.0\.0.*IPv6/],
    ['http://[64:ff9b::7f00:1]/', /loopback.*IPv6/],
    // Other spellings of 127.0.0.1 that the URL parser accepts.
    ['http://2130706433/', /loopback/],
    ['http://0x7f000001/', /loopback/],
    ['http://0x7f.1/', /loopback/],
    ['http://0177.0.0.1/', /loopback/],
    ['http://127.1/', /loopback/],
    ['http://%31%32%37.0.0.1/', /loopback/],
    ['http://012.1.2.3/', /private \(10/],
  ])('%s is refused', (url, reason) => {
    expect(host(url)).toMatch(reason);
  });

  it.each([
    'https://example.com/',
    'http://8.8.8.8/',
    'http://172.32.0.1/',
    'http://172.15.255.255/',
    'http://192.169.0.1/',
    'http://[2001:db8::1]/',
    'http://[::ffff:8.8.8.8]/',
    'http://169.253.0.1/',
    'http://localhost.example.com/',
    'http://11.0.0.1/',
    'http://[fec0::1]/',
  ])('%s is allowed', (url) => {
    expect(host(url)).toBeNull();
  });

  it('reads raw IPv6 with a dotted tail too', () => {
    expect(privateAddressReason('::ffff:10.0.0.5')).toMatch(/private/);
    expect(privateAddressReason('not-an-address')).toBeNull();
  });
});
