/** Loads the page again: the shell reads the active releases anew. */
export const reloadPage = (): void => window.location.reload();
