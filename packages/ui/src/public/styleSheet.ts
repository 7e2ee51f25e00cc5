/** Adds a style sheet to the document once (the app's and the public pages' own, beside antd's). */
export function addStyleSheet(id: string, css: string) {
  if (document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}
