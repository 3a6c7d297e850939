import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../config.ts';
import { portalUrl } from './portal-url.ts';

const dev = { publicUrl: 'http://localhost:3000', publicUrlFromBrowser: true, production: false };
const at = (host: string, protocol = 'http') => ({ protocol, host, hostname: host.replace(/:\d+$/, '') });

describe('the portal address payment returns go to', () => {
  it('follows the loopback host the browser used while PUBLIC_URL is unset', () => {
    expect(portalUrl(dev, at('127.0.0.1:3000'))).toBe('http://127.0.0.1:3000');
    expect(portalUrl(dev, at('localhost:5173'))).toBe('http://localhost:5173');
  });

  it('never a host that is not loopback, never in production, never with PUBLIC_URL set', () => {
    expect(portalUrl(dev, at('evil.example:3000'))).toBe('http://localhost:3000');
    expect(portalUrl({ ...dev, production: true }, at('127.0.0.1:3000'))).toBe('http://localhost:3000');
    expect(portalUrl({ ...dev, publicUrlFromBrowser: false }, at('127.0.0.1:3000'))).toBe(
      'http://localhost:3000',
    );
    expect(portalUrl(dev)).toBe('http://localhost:3000');
  });

  it('loopback hosts', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '10.0.0.1', 'localhost.example', 'example.com'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});
