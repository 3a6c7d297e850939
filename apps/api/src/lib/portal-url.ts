import { isLoopbackHost, type Config } from '../config.ts';

/** What the portal's address is read from: the request's protocol and Host header. */
export interface RequestAddress {
  protocol: string;
  host: string;
  hostname: string;
}

/**
 * The portal's address for links the browser follows back (payment return URLs): PUBLIC_URL, or,
 * on a development install listening on loopback with no PUBLIC_URL, the loopback host the browser
 * used, so a person on 127.0.0.1 is not sent back to localhost (another origin: no session). Never
 * in production, and never a host that is not loopback.
 */
export function portalUrl(
  config: Pick<Config, 'publicUrl' | 'publicUrlFromBrowser' | 'production'>,
  request?: RequestAddress,
): string {
  if (!request || !config.publicUrlFromBrowser || config.production) return config.publicUrl;
  if (!isLoopbackHost(request.hostname) || !/^[\w.:[\]-]+$/.test(request.host)) return config.publicUrl;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${request.host}`;
}
