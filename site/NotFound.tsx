import { useEffect } from 'react';
import { QueryLink } from './site-link.tsx';

export function NotFound({ productName }: { productName: string }) {
  useEffect(() => {
    document.title = `Page not found | ${productName}`;
  }, [productName]);
  return (
    <section className="not-found">
      <h1>Oops! That page can’t be found.</h1>
      <QueryLink to="/" className="button button--primary">
        Go Back
      </QueryLink>
    </section>
  );
}
