/** A tiny client for the HTTP API as a browser or program would call it. */
import type { ErrorBody } from '../../functions/contract/errors';
import type { Post, PostPage } from '../../functions/contract/posts';
import type { LocalCloudProcess } from './localCloud';

export type ApiResponse<T> = { status: number; body: T; headers: Headers };

export async function call<T = unknown>(
  cloud: LocalCloudProcess,
  path: string,
  init: { method?: string; token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(`${cloud.config.apiUrl}${path}`, { method: init.method ?? 'GET', headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

export const publish = (cloud: LocalCloudProcess, token: string, body: unknown) =>
  call<Post | ErrorBody>(cloud, '/posts', { method: 'POST', token, body });

export const listPosts = (cloud: LocalCloudProcess, query = '') => call<PostPage | ErrorBody>(cloud, `/posts${query}`);
