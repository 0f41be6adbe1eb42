/**
 * Creates a PocketBase record with a file as the SDK would (`multipart/form-data`, the page's
 * language in `Accept-Language`), but with XMLHttpRequest, whose upload reports its progress
 * (fetch has no upload progress). Failures reject with the SDK's `ClientResponseError`, so a
 * form handles them as it handles the SDK's.
 */
import { ClientResponseError } from 'pocketbase';

export function uploadRecord(
  url: string,
  body: Record<string, unknown>,
  files: Record<string, File>,
  language: string,
  signal: AbortSignal,
  progress: (fraction: number) => void,
): Promise<unknown> {
  const data = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const item of value) data.append(name, String(item));
    // A JSON value (the spam check's solution) travels as its text; the server parses it.
    else if (value !== null && typeof value === 'object') data.append(name, JSON.stringify(value));
    else data.append(name, String(value));
  }
  for (const [name, file] of Object.entries(files)) data.append(name, file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const fail = (status: number, response: unknown, isAbort = false) =>
      reject(new ClientResponseError({ url, status, response: (response ?? {}) as Record<string, unknown>, isAbort }));
    request.open('POST', url);
    request.setRequestHeader('Accept-Language', language);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) progress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response);
      else fail(request.status, request.response);
    };
    request.onerror = () => fail(0, null);
    request.onabort = () => fail(0, null, true);
    request.ontimeout = () => fail(0, null);
    if (signal.aborted) return fail(0, null, true);
    signal.addEventListener('abort', () => request.abort(), { once: true });
    progress(0);
    request.send(data);
  });
}
