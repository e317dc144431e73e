/** @arbiter/server: Arbiter's HTTP API (JSON under /api/v1, described by OpenAPI 3.1). */
export {
  API_BASE,
  API_INFO,
  apiDocument,
  createHttpApp,
  type HttpAppOptions,
  type RequestLogLine,
} from './http-app.js';
export { PROBLEMS, problemKind, type Problem, type ProblemCode } from './problems.js';
export { ROUTES } from './routes.js';
