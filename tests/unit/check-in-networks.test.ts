import { describe, expect, it } from 'vitest';
import { outsideNetworks } from '@functions/lib/check-in/networks';
import { networkOf } from '@shared/networks';

/** The college's networks (a check-in setting): read from an admin's text, matched against a check-in's address. */
describe('college networks', () => {
  it('reads an address with or without its prefix, IPv4 or IPv6, and refuses anything else', () => {
    expect(networkOf(' 10.20.0.0/16 ')).toEqual({ address: '10.20.0.0', prefix: 16, family: 'ipv4' });
    expect(networkOf('192.168.1.7')).toEqual({ address: '192.168.1.7', prefix: 32, family: 'ipv4' });
    expect(networkOf('2001:db8::/48')).toEqual({ address: '2001:db8::', prefix: 48, family: 'ipv6' });
    expect(networkOf('::ffff:10.0.0.1/128')).toMatchObject({ family: 'ipv6', prefix: 128 });
    for (const bad of [
      '',
      '10.0.0/8',
      '10.0.0.256',
      '10.0.0.0/33',
      '10.0.0.0/',
      '10.0.0.0/-1',
      '01.2.3.4',
      '2001:db8::/129',
      '1:2:3',
      'host.example',
      '10.0.0.0/8/8',
    ]) {
      expect(networkOf(bad), bad).toBeNull();
    }
  });

  it('flags an address outside every network, never when the college lists none, always when the address is unknown', () => {
    const campus = ['10.20.0.0/16', '2001:db8::/48'];
    expect(outsideNetworks([], '203.0.113.5')).toBe(false);
    expect(outsideNetworks([], undefined)).toBe(false);
    expect(outsideNetworks(campus, '10.20.3.4')).toBe(false);
    expect(outsideNetworks(campus, '::ffff:10.20.3.4')).toBe(false);
    expect(outsideNetworks(campus, '2001:db8:0:1::9')).toBe(false);
    expect(outsideNetworks(campus, '10.21.0.1')).toBe(true);
    expect(outsideNetworks(campus, '2001:db8:1::9')).toBe(true);
    expect(outsideNetworks(campus, undefined)).toBe(true);
    expect(outsideNetworks(campus, 'not-an-address')).toBe(true);
  });
});
