/** The app's JSON API as the browser suites call it to seed and read back data. */

/** An API answer: its status and its JSON body (undefined when the body is empty). */
export interface ApiReply<T> {
  status: number;
  body: T;
}

/** Calls `path` on `baseUrl` with a bearer token, sending `body` (when given) as JSON. */
export async function callApi<T>(baseUrl: string, token: string | undefined, method: string, path: string, body?: unknown): Promise<ApiReply<T>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}
