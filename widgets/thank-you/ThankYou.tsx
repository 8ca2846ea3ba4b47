import './thank-you.css';
import type { DisplayProps } from '../../engine/widget-contract.ts';
import type { ThankYouOptions } from './options.ts';

type Props = DisplayProps<ThankYouOptions>;

export function ThankYou({ options, context }: Props) {
  const message = context.record[options.field];

  return (
    <div className="thank-you">
      {typeof message === 'string' && message !== '' ? (
        // The engine escapes every value it inserts when it builds this message, so only the flow's own markup remains.
        <div className="thank-you__message" dangerouslySetInnerHTML={{ __html: message }} />
      ) : (
        <p className="thank-you__message">{options.fallback}</p>
      )}
      <button type="button" className="button button--secondary thank-you__restart" onClick={() => context.restart()}>
        {options.startOver}
      </button>
    </div>
  );
}
