import type { AdoptedMark } from './signing-types.js';

/** An adopted signature or initials as it will appear: the drawn image or the typed text in script. */
export function MarkPreview({ mark, alt = 'adopted' }: { mark: AdoptedMark; alt?: string }) {
  if (mark.type === 'drawn') return <img className="mark-image" src={`data:image/png;base64,${mark.image_png_base64}`} alt={alt} />;
  return <span className="mark-typed">{mark.text}</span>;
}
