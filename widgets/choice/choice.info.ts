import { describeWidget } from '../../engine/widget-contract.ts';
import { choiceOptions } from './options.ts';
import { choice } from './choice.widget.ts';

export const choiceInfo = describeWidget(choice, {
  summary: 'One choice among a few, shown as radio buttons with their labels.',
  options: choiceOptions,
});
