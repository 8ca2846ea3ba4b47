/** A row of logos that wraps on narrow screens; each image keeps its space while it loads and loads when near. */
import type { ShownLogo } from '../content/types.ts';

export function LogoList({ logos }: { logos: readonly ShownLogo[] }) {
  return (
    <ul className="landing-logos">
      {logos.map((logo) => (
        <li key={logo.src}>
          <img src={logo.src} alt={logo.name} width={logo.width} height={logo.height} loading="lazy" decoding="async" />
        </li>
      ))}
    </ul>
  );
}
