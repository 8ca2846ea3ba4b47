/** Which console pages a role may open: the contract's ACCESS, as the server enforces it. */
import { ACCESS, type Role } from '../contracts/console.ts';

export function mayUse(group: keyof typeof ACCESS, role: Role): boolean {
  const allowed: readonly Role[] = ACCESS[group];
  return allowed.includes(role);
}
