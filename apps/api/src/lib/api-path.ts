/** Whether a request URL is the API's (`/api`, `/api/…`, `/api?…`) rather than the web app's or an upload's. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
