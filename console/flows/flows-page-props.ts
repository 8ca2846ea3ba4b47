/** What every Flows page is given by the console: the product's name (for titles) and the signed-in user. */
import type { ConsoleUser } from '../../contracts/console.ts';

export interface FlowsPageProps {
  productName: string;
  user: ConsoleUser;
}
