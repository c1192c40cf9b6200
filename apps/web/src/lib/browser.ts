/** Full-page navigations, behind one object so tests can observe them without leaving the page. */
export const browser = {
  assign: (url: string) => window.location.assign(url),
  replace: (url: string) => window.location.replace(url),
  reload: () => window.location.reload(),
}
