/**
 * How the console names a lead, in its page's heading and title and in its row's link: the person and the business
 * ("Ada Lovelace, Analytical Bakery"), as operators speak of them (docs/decisions/067-how-a-lead-reads.md). A lead
 * retention erased has neither: it is named by when it came, and says why.
 */
import { formatTime } from './format.ts';

interface Titled {
  name: string;
  business_name: string;
  received_at: string;
  /** Whether retention erased its personal data. */
  purged: boolean;
}

export function leadTitle({ name, business_name, received_at, purged }: Titled): string {
  const named = [name.trim(), business_name.trim()].filter((part) => part !== '');
  if (named.length > 0) return named.join(', ');
  const received = `Lead received ${formatTime(received_at)}`;
  return purged ? `${received} (personal data erased)` : received;
}
