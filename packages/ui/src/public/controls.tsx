import {
  useId,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/*
 * The few controls the public pages draw, as plain elements styled by public.css from the design
 * tokens: each input has its label, and its message (an error, or help) is tied to it.
 */

type Status = 'error' | 'warning' | undefined;

interface FieldProps {
  label: string;
  /** The message under the control: the error when `status` is 'error'. */
  message?: string;
  status?: Status;
}

function Field({ label, message, status, id, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className="public-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {message && (
        <div id={`${id}-message`} className={`public-help${status ? ` ${status}` : ''}`} role={status === 'error' ? 'status' : undefined}>
          {message}
        </div>
      )}
    </div>
  );
}

const described = (id: string, message?: string, status?: Status) => ({
  'aria-describedby': message ? `${id}-message` : undefined,
  'aria-invalid': status === 'error' ? true : undefined,
});

export function TextField({ label, message, status, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Field id={id} label={label} message={message} status={status}>
      <input id={id} className="public-control" {...described(id, message, status)} {...input} />
    </Field>
  );
}

export function PasswordField({ label, message, status, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <Field id={id} label={label} message={message} status={status}>
      <div className="public-password">
        <input id={id} className="public-control" type={shown ? 'text' : 'password'} {...described(id, message, status)} {...input} />
        <button
          type="button"
          className="public-reveal"
          aria-label={shown ? 'Hide the characters typed' : 'Show the characters typed'}
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
        >
          <svg
            viewBox="0 0 24 24"
            width="16"
            height="16"
            aria-hidden
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
            <circle cx="12" cy="12" r="3" />
            {!shown && <path d="M3 3l18 18" />}
          </svg>
        </button>
      </div>
    </Field>
  );
}

export function SelectField({
  label,
  message,
  status,
  placeholder,
  options,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { placeholder: string; options: Array<{ value: string; label: string }> }) {
  const id = useId();
  return (
    <Field id={id} label={label} message={message} status={status}>
      <select id={id} className="public-control" required {...described(id, message, status)} {...select}>
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A text of several lines; with `maxLength`, how much of it is used shows beneath. */
export function TextAreaField({ label, message, status, maxLength, value, ...area }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Field id={id} label={label} message={message} status={status}>
      <textarea id={id} className="public-control public-textarea" maxLength={maxLength} value={value} {...described(id, message, status)} {...area} />
      {maxLength ? (
        <div className="public-count" aria-hidden>
          {String(value ?? '').length} / {maxLength}
        </div>
      ) : null}
    </Field>
  );
}

const STAR_PATH = 'M12 2.6l2.82 5.86 6.44.82-4.72 4.46 1.2 6.4L12 17.02l-5.74 3.12 1.2-6.4-4.72-4.46 6.44-.82z';

function Star({ on }: { on: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={`public-star${on ? ' on' : ''}`}>
      <path d={STAR_PATH} />
    </svg>
  );
}

/** Stars given, read only: `label` says them in words. */
export function Stars({ value, count, label }: { value: number; count: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="public-stars">
      {Array.from({ length: count }, (_, i) => (
        <Star key={i} on={i < value} />
      ))}
    </span>
  );
}

/** One to `words.length` stars, as radio buttons (arrow keys move between them); the pointed or chosen one's word shows beneath. */
export function StarRatingField({
  label,
  message,
  status,
  value,
  onChange,
  words,
}: FieldProps & { value: number | undefined; onChange(value: number): void; words: readonly string[] }) {
  const id = useId();
  const [pointed, setPointed] = useState<number | null>(null);
  const shown = pointed ?? value ?? 0;
  return (
    <fieldset className="public-field public-rating" {...described(id, message, status)}>
      <legend>{label}</legend>
      <div className="public-star-choices" onMouseLeave={() => setPointed(null)}>
        {words.map((word, i) => (
          <label key={word} className="public-star-choice" title={word} onMouseEnter={() => setPointed(i + 1)}>
            <input
              type="radio"
              name={id}
              value={i + 1}
              checked={value === i + 1}
              onChange={() => onChange(i + 1)}
              aria-label={`${i + 1} ${i === 0 ? 'star' : 'stars'}, ${word}`}
            />
            <Star on={i < shown} />
          </label>
        ))}
      </div>
      {/* the word's line is kept while empty (the form does not jump), unless the message takes its place */}
      {(shown || !message) && (
        <div className="public-rating-word" aria-hidden>
          {shown ? words[shown - 1] : '\u00a0'}
        </div>
      )}
      {message && (
        <div id={`${id}-message`} className={`public-help${status ? ` ${status}` : ''}`} role={status === 'error' ? 'status' : undefined}>
          {message}
        </div>
      )}
    </fieldset>
  );
}

/** Work under way, said to screen readers too. */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="public-loading" role="status">
      <span className="public-spinner" aria-hidden />
      {label}
    </div>
  );
}

export function CheckboxField({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="public-check">
      <input type="checkbox" {...input} />
      {label}
    </label>
  );
}

/** A message at the top of the form: why someone is here, what just happened, or what went wrong. */
export function Notice({ kind, children, ...rest }: { kind: 'info' | 'success' | 'error'; children: ReactNode; 'data-testid'?: string }) {
  return (
    <div className={`public-notice ${kind}`} role={kind === 'error' ? 'alert' : undefined} {...rest}>
      <span>{children}</span>
    </div>
  );
}

export function Button({
  kind = 'primary',
  busy = false,
  children,
  ...button
}: { kind?: 'primary' | 'link'; busy?: boolean; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className={`public-button ${kind}`} aria-busy={busy || undefined} {...button}>
      {busy && <span className="public-spinner" aria-hidden />}
      {children}
    </button>
  );
}
