/** What a page shows in place of its data while the data is on the way, or when it could not be had. */
import type { Loaded } from './use-console-data.ts';

export function LoadingOrFailed({ loaded, loading }: { loaded: Loaded<unknown>; loading: string }) {
  if (loaded.state === 'loading') return <p role="status">{loading}</p>;
  if (loaded.state === 'failed') {
    return (
      <p role="alert" className="console-error">
        {loaded.message}
      </p>
    );
  }
  return null;
}
