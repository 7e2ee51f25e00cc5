/** A link opens as is when it starts with http; anything else is a path on this app's host. */
export function linkHref(url: string, origin = window.location.origin): string {
  const u = url.trim();
  if (/^https?:/i.test(u)) return u;
  return `${origin}/${u.replace(/^\/+/, '')}`;
}
