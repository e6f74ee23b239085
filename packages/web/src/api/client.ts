// Calls the platform's API with the signed-in user's token; failures become ApiErrors with the envelope's code.

/** A failed call: the platform's error code and message, or a network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RawAnswer {
  status: number;
  body: unknown;
}

export class ApiClient {
  constructor(
    private readonly token: string | null,
    /** Told about a 401 on a signed-in call: the session ended. */
    private readonly onUnauthorized: () => void = () => {},
  ) {}

  get<T>(path: string): Promise<T> {
    return this.call<T>('GET', path);
  }
  post<T>(path: string, body?: unknown): Promise<T> {
    return this.call<T>('POST', path, body);
  }
  put<T>(path: string, body?: unknown): Promise<T> {
    return this.call<T>('PUT', path, body);
  }
  patch<T>(path: string, body?: unknown): Promise<T> {
    return this.call<T>('PATCH', path, body);
  }
  delete<T>(path: string): Promise<T> {
    return this.call<T>('DELETE', path);
  }

  /** Any status comes back as it is; only a network failure throws. For the proxy, whose answers pass through. */
  async raw(
    method: Method,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<RawAnswer> {
    const init: RequestInit = { method, headers: { accept: 'application/json', ...headers } };
    if (this.token) (init.headers as Record<string, string>).authorization = `Bearer ${this.token}`;
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await fetch(path, init);
    } catch {
      throw new ApiError('The platform could not be reached. Check your connection.', 0, 'network_error');
    }
    const text = await response.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = {
          ok: false,
          error: 'bad_answer',
          message: `The answer was not JSON (HTTP ${response.status}).`,
        };
      }
    }
    if (response.status === 401 && this.token) this.onUnauthorized();
    return { status: response.status, body: parsed };
  }

  private async call<T>(method: Method, path: string, body?: unknown): Promise<T> {
    const answer = await this.raw(method, path, body);
    if (answer.status >= 200 && answer.status < 300) return answer.body as T;
    throw errorOf(answer);
  }
}

/** The ApiError of a non-2xx answer, from the platform's envelope `{ok:false, error, message, details?}`. */
export function errorOf(answer: RawAnswer): ApiError {
  const body = (answer.body ?? {}) as { error?: unknown; message?: unknown; details?: unknown };
  const code = typeof body.error === 'string' ? body.error : `http_${answer.status}`;
  const message =
    typeof body.message === 'string' ? body.message : `The request failed (HTTP ${answer.status}).`;
  return new ApiError(message, answer.status, code, body.details);
}
