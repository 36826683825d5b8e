import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, `::` expanded (an embedded IPv4 tail becomes two groups). */
function ipv6Groups(address: string): string[] {
  let text = address.split('%')[0]!.toLowerCase();
  const v4Tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail[1]!.split('.').map(Number) as [number, number, number, number];
    text =
      text.slice(0, -v4Tail[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((g) => g.padStart(4, '0'));
}

/**
 * The key a client is rate limited by: its IPv4 address, or the /64 network of an IPv6 address (one
 * subscriber usually holds a whole /64, so keying by the full address lets them rotate through 2^64 keys).
 * IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`) count as the IPv4 address.
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === '0000') && groups[5] === 'ffff') {
    const [hi, lo] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}
