import { useEffect } from 'react';
import { Link } from 'react-router-dom';

export function NotFound({ productName }: { productName: string }) {
  useEffect(() => {
    document.title = `Page not found | ${productName}`;
  }, [productName]);
  return (
    <section className="not-found">
      <h1>Oops! That page can’t be found.</h1>
      <Link to="/" className="button button--primary">
        Go Back
      </Link>
    </section>
  );
}
