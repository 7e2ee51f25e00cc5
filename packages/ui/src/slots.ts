const pad = (n: number) => String(n).padStart(2, '0');

/** The next time on a step of `minutes` after `now` (follow-ups and scheduled texts use 15). */
export function nextSlot(now = new Date(), minutes = 15): Date {
  const step = minutes * 60_000;
  return new Date(Math.ceil((now.getTime() + 1) / step) * step);
}

/** A Date as a datetime-local input value (local time, minutes). */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
