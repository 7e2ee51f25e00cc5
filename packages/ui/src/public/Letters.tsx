import { useInsertionEffect } from 'react';
import { addStyleSheet } from './styleSheet';

const LETTERS_CSS = '.agency-letters::before{content:attr(data-letters)}';

/**
 * Letters drawn as a picture (a brand mark's or an avatar's initials beside the name they stand
 * for): shown, but not text of the page, so a link or button named by the words beside them says
 * exactly what it shows (WCAG 2.5.3), and a screen reader does not spell them out.
 */
export function Letters({ text }: { text: string }) {
  useInsertionEffect(() => addStyleSheet('agency-letters', LETTERS_CSS), []);
  return <span aria-hidden className="agency-letters" data-letters={text} />;
}
