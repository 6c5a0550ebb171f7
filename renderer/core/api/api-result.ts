/**
 * What a call gives the screen, and the client that makes calls: shared by the app's API client, the claim table and
 * the server's first reads, so each reads an answer into the same shape.
 */
/** The `{code, message, data}` envelope, plus whether `code` is the endpoint's success code. */
export interface ApiResult {
  ok: boolean;
  code: unknown;
  message: string;
  data: unknown;
}

export interface CallOptions {
  /** No failure toast: the caller says it itself, or says nothing. */
  silent?: boolean;
  /**
   * Asked when the call fails: false once its answer is no longer wanted (a newer call writes the same place), so a
   * slow call the borrower has moved past fails without a toast about it.
   */
  wanted?: () => boolean;
}

export interface ApiClient {
  /** Calls a logical endpoint of the API map; never throws (network failure → ok false, message 'error'). */
  call(endpoint: string, params?: Record<string, unknown>, opts?: CallOptions): Promise<ApiResult>;
  /** Multipart upload of one file under `field`. */
  upload(endpoint: string, field: string, file: Blob, params?: Record<string, unknown>): Promise<ApiResult>;
  /** Absolute URL of a GET endpoint with common params (captcha images and the like). */
  url(endpoint: string, params?: Record<string, unknown>): string;
}
