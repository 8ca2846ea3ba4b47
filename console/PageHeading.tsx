/**
 * A console page's h1, which also names the document. Focus moves to it when the page opens, so a screen reader
 * starts reading at the new page and the next Tab goes to its first control.
 */
import { useEffect, useRef, type ReactNode } from 'react';

export function PageHeading({
  title,
  productName,
  children,
}: {
  title: string;
  productName: string;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} | ${productName} console`;
    heading.current?.focus();
  }, [title, productName]);
  return (
    <h1 ref={heading} tabIndex={-1} className="console-heading">
      {children ?? title}
    </h1>
  );
}
