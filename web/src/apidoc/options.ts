/** The server's OpenAPI document: every declared route (GET /api/doc/openapi.json, permission apidoc:list). */
export const OPENAPI_URL = '/api/doc/openapi.json'

interface SwaggerRequest {
  headers: Record<string, string>
}

/**
 * Swagger UI's settings for 接口文档 (/doc.html). Trying an operation sends a real request with the
 * reader's session: only reads may be tried, so reading the documentation never changes data.
 */
export function apiDocOptions() {
  return {
    url: OPENAPI_URL,
    deepLinking: true,
    docExpansion: 'none',
    filter: true,
    tryItOutEnabled: false,
    supportedSubmitMethods: ['get'],
    // The server asks cookie-carried requests for this header (CSRF); Swagger UI sends the cookie itself.
    requestInterceptor: (req: SwaggerRequest) => {
      req.headers['X-Requested-With'] = 'XMLHttpRequest'
      return req
    },
  }
}
