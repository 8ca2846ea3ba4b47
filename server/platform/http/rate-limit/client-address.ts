/**
 * The key a client address is counted under: an IPv4 address as it is, an IPv6 address by its /64 network. One
 * subscriber line or office gets a whole /64 and its devices pick addresses in it freely (and change them for
 * privacy), so counting single IPv6 addresses would let one client spread itself over billions of keys.
 */

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

export function addressKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const mapped = IPV4_MAPPED.exec(ip);
  if (mapped !== null) return mapped[1]!;
  const [head = '', tail] = ip.replace(/%.*$/, '').split('::');
  const groups = head === '' ? [] : head.split(':');
  if (tail !== undefined) {
    // "::" stands for the zero groups that make eight; a dotted IPv4 tail fills two.
    const tailGroups = tail === '' ? [] : tail.split(':');
    const tailLength = tailGroups.length + (tail.includes('.') ? 1 : 0);
    groups.push(...Array<string>(8 - groups.length - tailLength).fill('0'), ...tailGroups);
  }
  const network = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${network.join(':')}::/64`;
}
